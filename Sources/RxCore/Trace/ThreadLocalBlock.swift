#if TRACE_RESOURCES
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-thread state: one block of plain memory per thread, made on the thread's first use, reached
/// through a C thread-local pointer (one load) and owned by a pthread key whose release function
/// frees it at thread exit (and clears the thread-local, so code running later in the exiting
/// thread makes a new block rather than reading a freed one). Touched only by its own thread, so
/// it needs no lock and, not being a class, pays no dynamic exclusivity checks on its fields.
///
/// Each user keeps its key in a `static let … = Atomic<UInt32>(ThreadLocalBlock.noKey)`: a
/// constant initial value, so reading the key costs no `swift_once` call (a lazily initialised
/// global does, on every access).
enum ThreadLocalBlock {
    #if canImport(Glibc) || canImport(Musl)
    typealias Release = @convention(c) (UnsafeMutableRawPointer?) -> Void
    #else
    typealias Release = @convention(c) (UnsafeMutableRawPointer) -> Void
    #endif

    /// The value of a key's storage before the key is made.
    static let noKey: UInt32 = 0xFFFF_FFFF

    /// The key kept in `storage`, made on first use. `release` runs for each thread's value at its
    /// exit (a destructor, even one with nothing to free, also makes the C library clear the
    /// value, so a new thread never sees an old one).
    @inline(__always)
    static func key(_ storage: borrowing Atomic<UInt32>, release: Release) -> pthread_key_t {
        let key = storage.load(ordering: .acquiring)
        return pthread_key_t(key != noKey ? key : makeKey(storage, release: release))
    }

    @inline(never)
    private static func makeKey(_ storage: borrowing Atomic<UInt32>, release: Release) -> UInt32 {
        var key = pthread_key_t()
        pthread_key_create(&key, release)
        let (exchanged, original) = storage.compareExchange(
            expected: noKey,
            desired: UInt32(key),
            ordering: .acquiringAndReleasing
        )
        if exchanged { return UInt32(key) }
        pthread_key_delete(key)  // another thread made the key first
        return original
    }

    /// This thread's block: `cached` (the thread-local copy of its pointer, `CRxTraceThread`) when
    /// set, else made by `make`, owned by the key in `storage` (whose `release` frees it at
    /// thread exit) and handed to `cache`. Reading it is one thread-local load, not a
    /// `pthread_getspecific` call; the key is only there for the destructor.
    @inline(__always)
    static func current<State>(
        cached: UnsafeMutableRawPointer?,
        key storage: borrowing Atomic<UInt32>,
        release: Release,
        cache: (UnsafeMutableRawPointer?) -> Void,
        make: () -> State
    ) -> UnsafeMutablePointer<State> {
        if let cached { return cached.assumingMemoryBound(to: State.self) }
        let pointer = install(make(), key: key(storage, release: release))
        cache(UnsafeMutableRawPointer(pointer))
        return pointer
    }

    @inline(never)
    private static func install<State>(_ state: State, key: pthread_key_t) -> UnsafeMutablePointer<State> {
        let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        pointer.initialize(to: state)
        pthread_setspecific(key, pointer)
        return pointer
    }

    /// Frees a block at thread exit, after `deinitialize` let go of what it holds.
    static func free<State>(
        _ pointer: UnsafeMutableRawPointer?,
        as _: State.Type,
        deinitialize: (UnsafeMutablePointer<State>) -> Void
    ) {
        guard let pointer else { return }
        let state = pointer.assumingMemoryBound(to: State.self)
        deinitialize(state)
        state.deinitialize(count: 1)
        state.deallocate()
    }
}
#endif
