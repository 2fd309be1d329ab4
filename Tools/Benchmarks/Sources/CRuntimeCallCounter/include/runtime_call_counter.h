#ifndef RUNTIME_CALL_COUNTER_H
#define RUNTIME_CALL_COUNTER_H
#include <stdint.h>

/// Starts or stops counting calls into the Swift runtime's generic-metadata look-up and dynamic
/// exclusivity check (off by default).
void rxbench_count_runtime_calls(int enabled);
/// `swift_getGenericMetadata` calls counted so far: a generic type's metadata looked up at run
/// time (about 110 instructions), what unspecialised generic code pays for `Optional<E>`,
/// `Event<E>`, a generic class RxCore names itself.
uint64_t rxbench_metadata_lookup_count(void);
/// `swift_beginAccess` calls counted so far: the runtime's exclusivity check of a stored
/// property or global (about 60 instructions).
uint64_t rxbench_exclusivity_check_count(void);

#endif
