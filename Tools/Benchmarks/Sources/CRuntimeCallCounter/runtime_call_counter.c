// Interposes Swift runtime entry points in the benchmark executable so a workload can report how
// often it looked up generic metadata or paid a dynamic exclusivity check: the executable's
// definitions win over libswiftCore's for the code linked into it (RxCore's included), and each
// forwards to libswiftCore's (found with RTLD_NEXT). The declarations mirror the runtime's own
// (swift/Runtime/Metadata.h, swift/Runtime/Exclusivity.h): swift_getGenericMetadata uses the
// Swift calling convention, swift_beginAccess the C one.
//
// A look-up is a call to swift_getGenericMetadata, which the metadata accessors of generic types
// compiled into the executable (RxCore's `Event`, its sinks…) make, or a call to the accessor
// of one of the standard library's generic types below, which make theirs inside libswiftCore,
// out of reach of an interposer: `Optional`, `Array`, `ArraySlice`, `ContiguousArray`, `Range`,
// `Dictionary`, `Set`.
#define _GNU_SOURCE
#include "runtime_call_counter.h"
#include <dlfcn.h>
#include <stddef.h>
#include <stdatomic.h>

typedef struct {
    const void *value;
    size_t state;
} MetadataResponse;

typedef MetadataResponse (*GetGenericMetadata)(size_t, const void *const *, const void *)
    __attribute__((swiftcall));
typedef void (*BeginAccess)(void *, void *, size_t, void *);
/// A metadata accessor of a generic type with up to three generic arguments and witness tables
/// (passed in registers after the request, as the Swift calling convention passes them; an
/// accessor with fewer ignores the rest, so forwarding all three is exact).
typedef MetadataResponse (*MetadataAccessor)(size_t, const void *, const void *, const void *)
    __attribute__((swiftcall));

static atomic_int counting = 0;
static atomic_uint_fast64_t metadataLookups = 0;
static atomic_uint_fast64_t exclusivityChecks = 0;

void rxbench_count_runtime_calls(int enabled) { atomic_store(&counting, enabled); }
uint64_t rxbench_metadata_lookup_count(void) { return atomic_load(&metadataLookups); }
uint64_t rxbench_exclusivity_check_count(void) { return atomic_load(&exclusivityChecks); }

/// libswiftCore's definition of `name`, looked up once into `slot`.
static void *forwardee(_Atomic(void *) *slot, const char *name) {
    void *symbol = atomic_load_explicit(slot, memory_order_relaxed);
    if (symbol == NULL) {
        symbol = dlsym(RTLD_NEXT, name);
        if (symbol == NULL) __builtin_trap();  // no Swift runtime after this executable: nothing to forward to
        atomic_store_explicit(slot, symbol, memory_order_relaxed);
    }
    return symbol;
}

static inline void note(atomic_uint_fast64_t *counter) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(counter, 1, memory_order_relaxed);
    }
}

__attribute__((swiftcall)) MetadataResponse
swift_getGenericMetadata(size_t request, const void *const *arguments, const void *description) {
    static _Atomic(void *) real = NULL;
    note(&metadataLookups);
    GetGenericMetadata function = (GetGenericMetadata)forwardee(&real, "swift_getGenericMetadata");
    return function(request, arguments, description);
}

void swift_beginAccess(void *pointer, void *buffer, size_t flags, void *pc) {
    static _Atomic(void *) real = NULL;
    note(&exclusivityChecks);
    BeginAccess function = (BeginAccess)forwardee(&real, "swift_beginAccess");
    // The runtime names the access by `pc` in a conflict report, or by its caller when it is
    // NULL, which would now be this function: pass the caller's.
    function(pointer, buffer, flags, pc != NULL ? pc : __builtin_return_address(0));
}

#define COUNTED_ACCESSOR(name, symbol)                                                                        \
    __attribute__((swiftcall)) MetadataResponse name(size_t, const void *, const void *, const void *)        \
        __asm__(symbol);                                                                                      \
    __attribute__((swiftcall)) MetadataResponse name(                                                         \
        size_t request, const void *first, const void *second, const void *third) {                           \
        static _Atomic(void *) real = NULL;                                                                   \
        note(&metadataLookups);                                                                               \
        MetadataAccessor function = (MetadataAccessor)forwardee(&real, symbol);                              \
        return function(request, first, second, third);                                                     \
    }

COUNTED_ACCESSOR(optionalMetadata, "$sSqMa")
COUNTED_ACCESSOR(arrayMetadata, "$sSaMa")
COUNTED_ACCESSOR(arraySliceMetadata, "$ss10ArraySliceVMa")
COUNTED_ACCESSOR(contiguousArrayMetadata, "$ss15ContiguousArrayVMa")
COUNTED_ACCESSOR(rangeMetadata, "$sSnMa")
COUNTED_ACCESSOR(dictionaryMetadata, "$sSDMa")
COUNTED_ACCESSOR(setMetadata, "$sShMa")
