#ifndef CRXTRACETHREAD_H
#define CRXTRACETHREAD_H
// RxCore's per-thread tracing words (traced builds only) as C thread-locals. Swift has no
// thread-local variables of its own; a pthread key costs a `pthread_getspecific` call (about 15
// instructions with the key's load) on every read, and hop recording reads the current place
// once per stage and event. A `_Thread_local` read inlined into Swift code is one or two
// instructions once the linker has relaxed it for an executable (a `__tls_get_addr` call in a
// shared library, still cheaper than a key).
#include <stdint.h>

struct rxtrace_thread_words {
    /// Where this thread is, for the thread-hop recording and the registry: (thread index + 1)
    /// << 32 | the label id of the scheduler whose work it runs. 0 until the thread first
    /// registers (RxCore's ThreadRegistry); every new thread starts at 0.
    uint64_t place;
    /// The thread's HopThreadState block (owned by a pthread key whose destructor frees it and
    /// clears this), or NULL.
    void *hop_state;
    /// The thread's CaptureThreadState block (same ownership), or NULL.
    void *capture_state;
};

extern _Thread_local struct rxtrace_thread_words rxtrace_thread_words_storage;

static inline __attribute__((always_inline)) uint64_t rxtrace_thread_place(void) {
    return rxtrace_thread_words_storage.place;
}

static inline __attribute__((always_inline)) void rxtrace_thread_set_place(uint64_t place) {
    rxtrace_thread_words_storage.place = place;
}

static inline __attribute__((always_inline)) void *rxtrace_thread_hop_state(void) {
    return rxtrace_thread_words_storage.hop_state;
}

static inline __attribute__((always_inline)) void rxtrace_thread_set_hop_state(void *state) {
    rxtrace_thread_words_storage.hop_state = state;
}

static inline __attribute__((always_inline)) void *rxtrace_thread_capture_state(void) {
    return rxtrace_thread_words_storage.capture_state;
}

static inline __attribute__((always_inline)) void rxtrace_thread_set_capture_state(void *state) {
    rxtrace_thread_words_storage.capture_state = state;
}

#endif
