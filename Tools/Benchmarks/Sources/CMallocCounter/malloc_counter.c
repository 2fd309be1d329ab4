// Interposes the C allocator in the benchmark executables so a workload can report how many
// heap allocations it made: definitions in the executable win over glibc's for every library.
#define _GNU_SOURCE
#include "malloc_counter.h"
#include <stddef.h>
#include <stdatomic.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static atomic_int counting = 0;
static atomic_uint_fast64_t allocations = 0;

static inline void note_allocation(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
}

void rxbench_count_allocations(int enabled) { atomic_store(&counting, enabled); }
uint64_t rxbench_allocation_count(void) { return atomic_load(&allocations); }

void *malloc(size_t size) { note_allocation(); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { note_allocation(); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) {
    if (pointer == NULL) note_allocation();
    return __libc_realloc(pointer, size);
}
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { note_allocation(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { note_allocation(); return __libc_memalign(alignment, size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    note_allocation();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return 12; // ENOMEM
    *result = pointer;
    return 0;
}
