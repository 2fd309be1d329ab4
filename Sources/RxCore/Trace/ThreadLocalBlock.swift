#if TRACE_RESOURCES
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread key for one block of plain memory per thread, made on the thread's first use and
/// handed to a release function at thread exit: per-thread state reached with one
/// `pthread_getspecific` and touched only by its own thread, so it needs no lock, and, not being
/// a class, pays no dynamic exclusivity checks on its fields.
struct ThreadLocalBlock<State> {
    #if canImport(Glibc) || canImport(Musl)
    typealias Release = @convention(c) (UnsafeMutableRawPointer?) -> Void
    #else
    typealias Release = @convention(c) (UnsafeMutableRawPointer) -> Void
    #endif

    private let key: pthread_key_t

    /// `release` gets each thread's block at its exit (a destructor, even one with nothing to
    /// free, also makes the C library clear the value, so a new thread never sees an old block).
    init(release: Release) {
        var key = pthread_key_t()
        pthread_key_create(&key, release)
        self.key = key
    }

    /// This thread's block, made by `make` on first use.
    @inline(__always)
    func current(_ make: () -> State) -> UnsafeMutablePointer<State> {
        if let pointer = pthread_getspecific(key) {
            return pointer.assumingMemoryBound(to: State.self)
        }
        return install(make())
    }

    @inline(never)
    private func install(_ state: State) -> UnsafeMutablePointer<State> {
        let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        pointer.initialize(to: state)
        pthread_setspecific(key, pointer)
        return pointer
    }

    /// Frees a block at thread exit, after `deinitialize` let go of what it holds.
    static func free(_ pointer: UnsafeMutableRawPointer?, deinitialize: (UnsafeMutablePointer<State>) -> Void) {
        guard let pointer else { return }
        let state = pointer.assumingMemoryBound(to: State.self)
        deinitialize(state)
        state.deinitialize(count: 1)
        state.deallocate()
    }
}
#endif
