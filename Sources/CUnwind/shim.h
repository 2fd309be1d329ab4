// libunwind's local-only API: unw_backtrace captures raw return addresses of this thread.
#define UNW_LOCAL_ONLY
#include <libunwind.h>

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
// Thread ids and a signal to one thread, for stack captures of every thread (a hang report).
// glibc declares gettid/tgkill only under _GNU_SOURCE, which Swift's Glibc module is not built with.
static inline int rxtrace_gettid(void) { return (int)syscall(SYS_gettid); }
static inline int rxtrace_tgkill(int process, int thread, int signal) { return (int)syscall(SYS_tgkill, process, thread, signal); }
#endif

#if defined(__linux__) && defined(__x86_64__)
#include <pthread.h>
#include <stdint.h>
#include <string.h>

// Frame-pointer capture (RxCore's ResourceRegistry.captureStack): the walk follows frame records
// ([fp] = caller's fp, [fp + 8] = return address) where libunwind showed they are kept.

/// The frame record of the function calling this one (read from this call's own record, so
/// never inlined).
__attribute__((noinline)) static uintptr_t rxtrace_caller_frame(void) {
    return *(uintptr_t *)__builtin_frame_address(0);
}

/// libunwind's frames from here outwards, with each frame's stack pointer (its caller's return
/// address was stored just below it) and frame pointer. Frame 0 is inside this function, as
/// unw_backtrace's frame 0 is inside unw_backtrace. Returns the number of frames.
__attribute__((noinline)) static int rxtrace_unwind(uintptr_t *ips, uintptr_t *sps, uintptr_t *fps, int capacity) {
    unw_context_t context;
    unw_cursor_t cursor;
    if (unw_getcontext(&context) != 0 || unw_init_local(&cursor, &context) != 0) return 0;
    int count = 0;
    do {
        unw_word_t ip = 0, sp = 0, fp = 0;
        if (unw_get_reg(&cursor, UNW_REG_IP, &ip) != 0 || ip == 0) break;
        unw_get_reg(&cursor, UNW_REG_SP, &sp);
        unw_get_reg(&cursor, UNW_X86_64_RBP, &fp);
        ips[count] = (uintptr_t)ip;
        sps[count] = (uintptr_t)sp;
        fps[count] = (uintptr_t)fp;
        count += 1;
    } while (count < capacity && unw_step(&cursor) > 0);
    return count;
}

// glibc declares it only under _GNU_SOURCE, which Swift's Glibc module is not built with.
extern int pthread_getattr_np(pthread_t thread, pthread_attr_t *attributes);

/// The calling thread's stack: [low, high). Returns 0 when unknown.
static inline int rxtrace_stack_bounds(uintptr_t *low, uintptr_t *high) {
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return 0;
    void *address = 0;
    size_t size = 0;
    int found = pthread_attr_getstack(&attributes, &address, &size) == 0;
    pthread_attr_destroy(&attributes);
    if (!found) return 0;
    *low = (uintptr_t)address;
    *high = (uintptr_t)address + size;
    return 1;
}

#endif
