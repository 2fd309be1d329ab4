#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value and the pthread mutex that guards it, in one allocation, stored inline in its owner.
///
/// Not `Synchronization.Mutex`: on Linux a contended one hands the lock over inside the kernel
/// (priority-inheritance futexes), where ThreadSanitizer sees no synchronisation, so `make tsan`
/// reported the accesses it guards as races (as `RegistryLock` notes for the registry). pthread
/// calls are intercepted by ThreadSanitizer. The value is reached through a pointer, so using it
/// costs no exclusivity check; with a non-generic `Value` nothing here needs a metadata look-up.
struct InlineLocked<Value: ~Copyable>: ~Copyable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    /// Where the value starts in the allocation: after the mutex, aligned for the value.
    private static var valueOffset: Int {
        let alignment = MemoryLayout<Value>.alignment
        return (MemoryLayout<pthread_mutex_t>.stride + alignment - 1) / alignment * alignment
    }

    init(_ initial: consuming Value) {
        let storage = UnsafeMutableRawPointer.allocate(
            byteCount: Self.valueOffset + MemoryLayout<Value>.stride,
            alignment: Swift.max(MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<Value>.alignment)
        )
        mutex = storage.initializeMemory(as: pthread_mutex_t.self, to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        value = (storage + Self.valueOffset).bindMemory(to: Value.self, capacity: 1)
        value.initialize(to: initial)
    }

    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }

    deinit {
        value.deinitialize(count: 1)
        pthread_mutex_destroy(mutex)
        UnsafeMutableRawPointer(mutex).deallocate()
    }
}
