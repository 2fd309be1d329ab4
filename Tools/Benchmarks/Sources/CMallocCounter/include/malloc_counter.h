#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
#include <stdint.h>

/// Starts or stops counting allocations (off by default: timing runs do not pay for counting).
void rxbench_count_allocations(int enabled);
/// Allocations (malloc, calloc, realloc of NULL, aligned allocations) counted so far.
uint64_t rxbench_allocation_count(void);

#endif
