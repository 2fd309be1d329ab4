#if TRACE_RESOURCES
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain pthread mutex for the registry's stripes. Not `Synchronization.Mutex`: on Linux that
/// one synchronises through atomics inside the (uninstrumented) standard library, which
/// ThreadSanitizer cannot see, so every access it protects would be reported as a race.
/// pthread calls are intercepted by ThreadSanitizer and cost the same uncontended.
final class RegistryLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func lock() { pthread_mutex_lock(mutex) }

    @inline(__always)
    func unlock() { pthread_mutex_unlock(mutex) }

    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
#endif

#if TRACE_RESOURCES
/// A value behind a `RegistryLock`, with `Mutex`'s `withLock` shape, for the traced build's
/// bookkeeping (visible to ThreadSanitizer, unlike `Synchronization.Mutex` on Linux).
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = RegistryLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
#endif
