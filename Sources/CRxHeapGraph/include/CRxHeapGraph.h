#ifndef CRXHEAPGRAPH_H
#define CRXHEAPGRAPH_H
// The allocation table behind rxtrace's heap graph (traced builds only): every Swift heap
// object allocated after rxheap_install, fed by the runtime's `_swift_allocObject` hook and
// emptied through the `free` imports of the loaded images, which the first rxheap_install points
// at the table (nothing here defines `free`: a process that never installs frees through libc).
#include <stddef.h>
#include <stdint.h>

/// Installs the allocation hook (once); later calls do nothing. Returns 1. Each install that
/// finds the hook uninstalled starts a new generation (see rxheap_generation).
int rxheap_install(void);
/// Puts the runtime's allocation function back (recording stops; frees keep the table exact).
/// The hook makes the runtime raise its instrumentation flag for an instant on every
/// allocation, so it stays installed only while a scenario runs.
void rxheap_uninstall(void);
/// Whether the hook is installed.
int rxheap_is_installed(void);
/// The current generation: 0 before the first install, raised by one on every install that
/// finds the hook uninstalled. Every entry records the generation it was allocated in, so a
/// reader can tell what one recording (a scenario's pass, a test's run) created from what an
/// earlier one did.
uint32_t rxheap_generation(void);
/// Live objects in the table.
size_t rxheap_count(void);
/// Copies up to `capacity` live entries (address, metadata, allocated size, generation);
/// returns how many.
size_t rxheap_snapshot(uintptr_t *addresses, uintptr_t *metadata, uint32_t *sizes, uint32_t *generations, size_t capacity);
/// Copies `length` bytes of the object at `address` into `buffer` when the object is in the
/// table, its first word is still `metadata`, and `length` fits its allocation (the recorded size,
/// or its whole malloc block, where an array's storage keeps elements beyond it); all under the
/// table's lock, so a concurrent free waits until the copy is done. Returns 1 on success.
int rxheap_copy_object(uintptr_t address, uintptr_t metadata, void *buffer, size_t length);
/// The metadata recorded for `address` when it is a live object whose first word still
/// equals it, else 0.
uintptr_t rxheap_live_metadata(uintptr_t address);
/// `getEnumTagSinglePayload` of `payload_metadata`'s value witness table, on a copy of the
/// value: 0 when the payload case is present, 1…empty_cases for the empty cases.
unsigned rxheap_enum_tag_single_payload(const void *value, unsigned empty_cases, const void *payload_metadata);
/// The type metadata a mangled name (symbolic references included) names, resolved without a
/// generic context: only for names that mention no generic parameter (the runtime crashes on
/// those without a context). NULL when it cannot be resolved.
const void *rxheap_type_by_mangled_name(const char *name, size_t length);
/// The load address of the image (executable or shared library) holding `address`, or 0.
uintptr_t rxheap_image_base(uintptr_t address);
/// The path of the image holding `address` as the loader opened it, or NULL.
const char *rxheap_image_path(uintptr_t address);
/// How many `free` imports (PLT slots and GOT entries of the images loaded at the first install)
/// free through the table: 0 before the first install, and in sanitizer builds.
unsigned rxheap_redirected_free_imports(void);
/// Hook cost counters for benchmarks: allocations recorded since install.
uint64_t rxheap_recorded_allocations(void);

/// swift_retain(value) with the runtime's instrumentation flag raised, as another thread sees it
/// while the allocation hook runs: the path through the runtime's retain adapter (for tests).
void *rxheap_retain_with_instrumentation_flag(void *value);

#endif
