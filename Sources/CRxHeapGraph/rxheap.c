// Allocation table for the heap graph. See include/CRxHeapGraph.h.
//
// Facts this relies on, measured on Linux x86_64 with Swift 6.3.1:
// - libswiftCore exports `_swift_allocObject`, a function pointer every swift_allocObject goes
//   through once the runtime notices it was replaced; the runtime then also sets
//   `_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly`, which sends
//   retain/release through adapters that crash (a plain `print` crashed), so the hook clears
//   that flag on every call.
// - Swift objects are released through `swift_slowDealloc` → `free` through libswiftCore's PLT.
//   The first install points the `free` slots of every loaded image (libswiftCore's among them)
//   at a function that removes the entry and then calls the process's `free` (`dlsym(RTLD_DEFAULT,
//   "free")`: libc's, or a preloaded allocator's), so entries are removed exactly when their
//   memory goes back. Nothing named `free` is defined here: an executable that links this
//   target but never installs the hook (no heap graph) frees through libc alone.
// - Nothing here allocates with malloc: the table lives in mmap'ed memory, so the hook and the
//   interposer never re-enter each other.
#define _GNU_SOURCE
#include "CRxHeapGraph.h"
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <stdlib.h>
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <malloc.h>
#include <unistd.h>
#include <pthread.h>

extern void *(*_swift_allocObject)(const void *metadata, size_t size, size_t alignMask);
extern _Atomic(bool) _swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly;

typedef struct {
    uintptr_t address;   // 0: empty slot
    uintptr_t metadata;
    uint32_t size;
    uint32_t generation; // fills what was padding: an entry is still 24 bytes
} Entry;
_Static_assert(sizeof(Entry) == 2 * sizeof(uintptr_t) + 2 * sizeof(uint32_t), "the generation fits the padding");

static void *(*original_alloc)(const void *, size_t, size_t);
static _Atomic(bool) installed;
static atomic_flag table_lock = ATOMIC_FLAG_INIT;
static Entry *slots;
static size_t capacity;   // power of two
static size_t live;
static uint64_t recorded;
// Which recording an allocation belongs to: raised each time the hook is installed (a scenario
// installs it once per pass, a test once per run), read by the hook under the table's lock it
// already holds, so it costs the hook nothing more than a load.
static uint32_t generation;

// A spin-wait hint for the table lock: x86_64's `pause`, arm64's `yield`, nothing elsewhere.
static inline void spin_pause(void) {
#if defined(__x86_64__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

static inline void lock(void) {
    while (atomic_flag_test_and_set_explicit(&table_lock, memory_order_acquire)) {
        spin_pause();
    }
}
static inline void unlock(void) { atomic_flag_clear_explicit(&table_lock, memory_order_release); }

static inline size_t slot_of(uintptr_t address, size_t mask) {
    return (size_t)(((address >> 4) * 0x9E3779B97F4A7C15ull) >> 20) & mask;
}

static void insert_locked(uintptr_t address, uintptr_t metadata, uint32_t size, uint32_t generation_of_entry);

static bool grow_locked(void) {
    size_t new_capacity = capacity ? capacity * 2 : (1u << 16);
    Entry *fresh = mmap(NULL, new_capacity * sizeof(Entry), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (fresh == MAP_FAILED) return false;
    Entry *old = slots;
    size_t old_capacity = capacity;
    slots = fresh;
    capacity = new_capacity;
    live = 0;
    for (size_t i = 0; i < old_capacity; i++) {
        if (old[i].address) insert_locked(old[i].address, old[i].metadata, old[i].size, old[i].generation);
    }
    if (old) munmap(old, old_capacity * sizeof(Entry));
    return true;
}

static void insert_locked(uintptr_t address, uintptr_t metadata, uint32_t size, uint32_t generation_of_entry) {
    if ((live + 1) * 4 > capacity * 3 && !grow_locked()) return;
    size_t mask = capacity - 1;
    size_t i = slot_of(address, mask);
    while (slots[i].address && slots[i].address != address) i = (i + 1) & mask;
    if (!slots[i].address) live++;
    slots[i] = (Entry){address, metadata, size, generation_of_entry};
}

static Entry *find_locked(uintptr_t address) {
    if (!capacity) return NULL;
    size_t mask = capacity - 1;
    size_t i = slot_of(address, mask);
    while (slots[i].address) {
        if (slots[i].address == address) return &slots[i];
        i = (i + 1) & mask;
    }
    return NULL;
}

// Linear probing with backward-shift deletion: no tombstones, so lookups stay short.
static void remove_locked(uintptr_t address) {
    Entry *found = find_locked(address);
    if (!found) return;
    size_t mask = capacity - 1;
    size_t hole = (size_t)(found - slots);
    size_t i = (hole + 1) & mask;
    while (slots[i].address) {
        size_t home = slot_of(slots[i].address, mask);
        // Move the entry back into the hole when its home is not between the hole and it.
        if (((i - home) & mask) >= ((i - hole) & mask)) {
            slots[hole] = slots[i];
            hole = i;
        }
        i = (i + 1) & mask;
    }
    slots[hole].address = 0;
    live--;
}

static void *hook(const void *metadata, size_t size, size_t align_mask) {
    atomic_store_explicit(&_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly, false, memory_order_relaxed);
    void *object = original_alloc(metadata, size, align_mask);
    lock();
    insert_locked((uintptr_t)object, (uintptr_t)metadata, size > UINT32_MAX ? UINT32_MAX : (uint32_t)size, generation);
    recorded++;
    unlock();
    return object;
}

// Sanitizer runtimes bring their own allocator and intercept `free` themselves: a `free` of
// ours forwarding to glibc would hand their memory to the wrong allocator (ThreadSanitizer
// crashed in its interceptor set-up). Under a sanitizer the interposer is left out, so the
// table is not exact (AllocationTable.isExact is false) and no heap graph is built.
#if defined(__has_feature)
#  if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#    define RXHEAP_NO_FREE_INTERPOSER 1
#  endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#  define RXHEAP_NO_FREE_INTERPOSER 1
#endif

#ifndef RXHEAP_NO_FREE_INTERPOSER
typedef void (*FreeFunction)(void *);
// The `free` the patched slots held: the process's `free` (libc's, or a preloaded allocator's),
// resolved before any slot is patched (once, by the first install).
static FreeFunction next_free;

// What the patched slots call instead of `free`: removes the entry, then frees.
static void free_and_forget(void *pointer) {
    if (pointer && atomic_load_explicit(&installed, memory_order_relaxed)) {
        lock();
        remove_locked((uintptr_t)pointer);
        unlock();
    }
    next_free(pointer);
}

// The relocation types by which a shared object calls or loads an imported function.
#if defined(__x86_64__)
#  define RXHEAP_JUMP_SLOT R_X86_64_JUMP_SLOT
#  define RXHEAP_GLOB_DAT R_X86_64_GLOB_DAT
#elif defined(__aarch64__)
#  define RXHEAP_JUMP_SLOT R_AARCH64_JUMP_SLOT
#  define RXHEAP_GLOB_DAT R_AARCH64_GLOB_DAT
#endif

#if defined(RXHEAP_JUMP_SLOT)
// A pointer from an image's dynamic section: glibc relocates these entries in place when it
// loads an image, other loaders (musl) leave them as offsets from the load address.
static uintptr_t dynamic_pointer(const struct dl_phdr_info *info, uintptr_t value) {
    return value < info->dlpi_addr ? info->dlpi_addr + value : value;
}

static void patch_slot(void **slot, uintptr_t relro_start, uintptr_t relro_end) {
    if ((uintptr_t)slot >= relro_start && (uintptr_t)slot < relro_end) {
        // Read-only after relocation (RELRO, with BIND_NOW for PLT slots): writable for the
        // store, read-only again.
        uintptr_t page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
        void *page = (void *)((uintptr_t)slot & ~(page_size - 1));
        if (mprotect(page, page_size, PROT_READ | PROT_WRITE) != 0) return;
        __atomic_store_n(slot, (void *)free_and_forget, __ATOMIC_RELEASE);
        mprotect(page, page_size, PROT_READ);
    } else {
        __atomic_store_n(slot, (void *)free_and_forget, __ATOMIC_RELEASE);
    }
}

// Points every `free` import of one loaded image at free_and_forget: its PLT slots (calls) and
// GOT entries (the address taken). The dynamic linker and the vDSO import no `free` through
// either and are left alone.
static int patch_free_imports(struct dl_phdr_info *info, size_t size, void *patched) {
    (void)size;
    const char *name = info->dlpi_name ? info->dlpi_name : "";
    if (strstr(name, "ld-linux") || strstr(name, "linux-vdso") || strstr(name, "ld-musl")) return 0;
    const ElfW(Dyn) *dynamic = NULL;
    uintptr_t relro_start = 0, relro_end = 0;
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type == PT_DYNAMIC) dynamic = (const ElfW(Dyn) *)(info->dlpi_addr + header->p_vaddr);
        if (header->p_type == PT_GNU_RELRO) {
            // The pages the loader made read-only: whole pages only, as glibc's _dl_protect_relro
            // rounds (a slot on the segment's last partial page stays writable).
            uintptr_t page_mask = ~((uintptr_t)sysconf(_SC_PAGESIZE) - 1);
            relro_start = (info->dlpi_addr + header->p_vaddr) & page_mask;
            relro_end = (info->dlpi_addr + header->p_vaddr + header->p_memsz) & page_mask;
        }
    }
    if (!dynamic) return 0;
    const ElfW(Sym) *symbols = NULL;
    const char *strings = NULL;
    const ElfW(Rela) *tables[2] = {NULL, NULL};
    size_t sizes[2] = {0, 0};
    bool rela_plt = true;
    for (const ElfW(Dyn) *entry = dynamic; entry->d_tag != DT_NULL; entry++) {
        switch (entry->d_tag) {
        case DT_SYMTAB: symbols = (const ElfW(Sym) *)dynamic_pointer(info, entry->d_un.d_ptr); break;
        case DT_STRTAB: strings = (const char *)dynamic_pointer(info, entry->d_un.d_ptr); break;
        case DT_JMPREL: tables[0] = (const ElfW(Rela) *)dynamic_pointer(info, entry->d_un.d_ptr); break;
        case DT_PLTRELSZ: sizes[0] = entry->d_un.d_val; break;
        case DT_PLTREL: rela_plt = entry->d_un.d_val == DT_RELA; break;
        case DT_RELA: tables[1] = (const ElfW(Rela) *)dynamic_pointer(info, entry->d_un.d_ptr); break;
        case DT_RELASZ: sizes[1] = entry->d_un.d_val; break;
        }
    }
    if (!symbols || !strings || !rela_plt) return 0;
    for (int table = 0; table < 2; table++) {
        if (!tables[table]) continue;
        for (size_t i = 0; i < sizes[table] / sizeof(ElfW(Rela)); i++) {
            const ElfW(Rela) *relocation = &tables[table][i];
            unsigned long type = ELF64_R_TYPE(relocation->r_info);
            if (type != RXHEAP_JUMP_SLOT && type != RXHEAP_GLOB_DAT) continue;
            const ElfW(Sym) *symbol = &symbols[ELF64_R_SYM(relocation->r_info)];
            if (strcmp(strings + symbol->st_name, "free") != 0) continue;
            patch_slot((void **)(info->dlpi_addr + relocation->r_offset), relro_start, relro_end);
            (*(unsigned *)patched)++;
        }
    }
    return 0;
}
#endif

static _Atomic(unsigned) patched_free_imports;

// Run once, by the first install, before it takes the table's lock (libc's own `free` slot is
// among those patched, and dlsym and dl_iterate_phdr free: under the lock that would wait on
// itself). From then on the images loaded now (libswiftCore, whose swift_slowDealloc frees every
// Swift object, and any other) free through free_and_forget. Images loaded later keep their own `free`; an image that frees a Swift object
// without importing `free` (a statically linked runtime without a PLT) leaves the table
// inexact, which AllocationTable.isExact detects.
static void redirect_frees(void) {
    FreeFunction found = (FreeFunction)dlsym(RTLD_DEFAULT, "free");
    if (!found) return;
    next_free = found;
#if defined(RXHEAP_JUMP_SLOT)
    unsigned count = 0;
    dl_iterate_phdr(patch_free_imports, &count);
    atomic_store(&patched_free_imports, count);
#endif
}
#else
static _Atomic(unsigned) patched_free_imports;
static void redirect_frees(void) {}
#endif
static pthread_once_t redirect_once = PTHREAD_ONCE_INIT;

unsigned rxheap_redirected_free_imports(void) { return atomic_load(&patched_free_imports); }

// The runtime raises its instrumentation flag in swift_allocObject before it jumps to our hook,
// and the hook lowers it again a few instructions later. A retain on another thread inside that
// window goes through the runtime's retain adapter, which masks the pointer with
// 0x00FFFFFFFFFFFFF8 before calling `_swift_retain`: a value the plain path skips because it is
// not a pointer (a small string's discriminator word, say: negative) becomes a positive garbage
// address, and the default retain dereferences it (SIGSEGV, seen in scenarios with URLSession
// threads under load). The adapter (libswiftCore 6.3.1, x86_64) keeps the unmasked value in
// %rbx across that call, so this entry point reads it there and does what swift_retain does
// without the flag: nothing for a non-positive value, the default retain otherwise. Release and
// the other entry points pass the value through unmasked and need no guard.
//
// x86_64 only: the guard reads a register of one build of the adapter, measured on x86_64 alone.
// On arm64 (and anywhere else) it is compiled out: nothing replaces `_swift_retain`, so a retain
// on another thread inside the hook's window takes the runtime's adapter unguarded, which may
// crash the process as described above. Neither the hook nor this guard has been run on arm64: the
// code compiles there, and RxTrace's HeapGraphGate does not install the hook there (nor on any
// runtime but the measured Swift 6.3 x86_64) unless RXTRACE_HEAP_GRAPH_UNMEASURED=allow.
#if defined(__x86_64__)
extern void *(*_swift_retain)(void *);
__attribute__((visibility("hidden"))) void *(*rxheap_default_retain)(void *);
__attribute__((naked, used)) static void *retain_from_adapter(void *masked) {
    __asm__ volatile(
        "testq %rbx, %rbx\n\t"
        "jle 1f\n\t"
        "jmpq *rxheap_default_retain(%rip)\n"
        "1:\n\t"
        "movq %rdi, %rax\n\t"
        "retq\n");
}
static void guard_retain_adapter(void) {
    if (!rxheap_default_retain) {
        rxheap_default_retain = _swift_retain;
        _swift_retain = retain_from_adapter;
    }
}
#else
static void guard_retain_adapter(void) {}
#endif

static _Atomic(bool) hooked;

int rxheap_install(void) {
    pthread_once(&redirect_once, redirect_frees);
    lock();
    if (!capacity) grow_locked();
    // Once frees start removing entries they never stop, so the table stays exact across
    // install/uninstall cycles (objects allocated while unhooked are simply not in it).
    atomic_store(&installed, true);
    if (!atomic_load(&hooked)) {
        generation++;
        guard_retain_adapter();
        if (!original_alloc) original_alloc = _swift_allocObject;
        _swift_allocObject = hook;
        atomic_store(&hooked, true);
    }
    unlock();
    return 1;
}

void rxheap_uninstall(void) {
    lock();
    if (atomic_load(&hooked)) {
        // A thread that already loaded the hook still calls it, and it still clears the flag.
        _swift_allocObject = original_alloc;
        atomic_store(&hooked, false);
    }
    unlock();
}

int rxheap_is_installed(void) { return atomic_load(&hooked); }

uint32_t rxheap_generation(void) {
    lock();
    uint32_t n = generation;
    unlock();
    return n;
}

size_t rxheap_count(void) {
    lock();
    size_t n = live;
    unlock();
    return n;
}

size_t rxheap_snapshot(uintptr_t *addresses, uintptr_t *metadata, uint32_t *sizes, uint32_t *generations, size_t limit) {
    size_t n = 0;
    lock();
    for (size_t i = 0; i < capacity && n < limit; i++) {
        if (!slots[i].address) continue;
        addresses[n] = slots[i].address;
        metadata[n] = slots[i].metadata;
        sizes[n] = slots[i].size;
        generations[n] = slots[i].generation;
        n++;
    }
    unlock();
    return n;
}

int rxheap_copy_object(uintptr_t address, uintptr_t metadata, void *buffer, size_t length) {
    int ok = 0;
    lock();
    Entry *entry = find_locked(address);
    // Up to the recorded size, or up to the end of the object's malloc block: the runtime gives
    // an array's storage the capacity of its whole block (`malloc_usable_size`), and appends
    // fill that slack in place.
    if (entry && entry->metadata == metadata && *(const uintptr_t *)address == metadata
        && (length <= entry->size || length <= malloc_usable_size((void *)address))) {
        memcpy(buffer, (const void *)address, length);
        ok = 1;
    }
    unlock();
    return ok;
}

uintptr_t rxheap_live_metadata(uintptr_t address) {
    uintptr_t result = 0;
    lock();
    Entry *entry = find_locked(address);
    if (entry && *(const uintptr_t *)address == entry->metadata) result = entry->metadata;
    unlock();
    return result;
}

typedef unsigned (*GetEnumTagSinglePayload)(const void *value, unsigned empty_cases, const void *metadata) __attribute__((swiftcall));

unsigned rxheap_enum_tag_single_payload(const void *value, unsigned empty_cases, const void *payload_metadata) {
    // The value witness table sits one word before the metadata; getEnumTagSinglePayload is its
    // seventh entry (after the buffer, destroy, copy and take witnesses).
    void *const *witnesses = ((void *const *const *)payload_metadata)[-1];
    GetEnumTagSinglePayload get_tag = (GetEnumTagSinglePayload)witnesses[6];
    return get_tag(value, empty_cases, payload_metadata);
}

uint64_t rxheap_recorded_allocations(void) {
    lock();
    uint64_t n = recorded;
    unlock();
    return n;
}

extern const void *swift_getTypeByMangledNameInContext(const char *name, size_t length, const void *context, const void *const *arguments) __attribute__((swiftcall));

const void *rxheap_type_by_mangled_name(const char *name, size_t length) {
    return swift_getTypeByMangledNameInContext(name, length, NULL, NULL);
}

uintptr_t rxheap_image_base(uintptr_t address) {
    Dl_info info;
    if (!dladdr((const void *)address, &info)) return 0;
    return (uintptr_t)info.dli_fbase;
}

const char *rxheap_image_path(uintptr_t address) {
    Dl_info info;
    if (!dladdr((const void *)address, &info)) return NULL;
    return info.dli_fname;
}

extern void *swift_retain(void *);

void *rxheap_retain_with_instrumentation_flag(void *value) {
    bool was = atomic_exchange(&_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly, true);
    void *result = swift_retain(value);
    atomic_store(&_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly, was);
    return result;
}
