import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The recursive lock sinks use to serialise events from several sources: a recursive pthread
/// mutex in the tail of one object. Foundation's `NSRecursiveLock` on Linux is two allocations
/// (the object and the mutex it allocates), and operators such as flatMap make two locks per
/// subscription. A struct holding the object: copies share the one mutex, as sinks that hand
/// their lock to their private observers expect.
@usableFromInline
struct RecursiveLock {
    @usableFromInline let storage: RecursiveMutexStorage

    @usableFromInline init() {
        storage = RecursiveMutexStorage.make()
    }

    @inlinable @inline(__always)
    func lock() {
        storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) }
    }

    @inlinable @inline(__always)
    func unlock() {
        storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) }
    }

    @inlinable @inline(__always)
    func performLocked<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A short critical section; recursive because Rx callbacks re-enter by design.
typealias SpinLock = RecursiveLock

/// The object behind `RecursiveLock`: the mutex lives in its tail, at an address that does not
/// move while the object lives.
@usableFromInline
final class RecursiveMutexStorage: ManagedBuffer<Void, pthread_mutex_t> {
    @usableFromInline static func make() -> RecursiveMutexStorage {
        let storage = unsafeDowncast(create(minimumCapacity: 1) { _ in () }, to: RecursiveMutexStorage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
            pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
        }
        return storage
    }

    deinit {
        withUnsafeMutablePointerToElements { _ = pthread_mutex_destroy($0) }
    }
}

extension NSLocking {
    @inline(__always)
    func performLocked<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock-free integer used for flags and counters, as an object of its own (shareable, and safe
/// in every kind of owner). Hot per-subscription objects use `InlineAtomicInt` instead.
final class AtomicInt: @unchecked Sendable {
    private let storage: Atomic<Int>

    init(_ value: Int = 0) { storage = Atomic(value) }

    /// RxSwift's `AtomicInt` holds an `Int32`; accept one too.
    convenience init(_ value: Int32) { self.init(Int(value)) }

    @inline(__always) func load() -> Int { storage.load(ordering: .acquiring) }
    @inline(__always) func store(_ value: Int) { storage.store(value, ordering: .releasing) }

    /// Sets the bits of `mask` and returns the previous value.
    @discardableResult @inline(__always)
    func fetchOr(_ mask: Int) -> Int { storage.bitwiseOr(mask, ordering: .acquiringAndReleasing).oldValue }

    @discardableResult @inline(__always)
    func add(_ value: Int) -> Int { storage.add(value, ordering: .acquiringAndReleasing).oldValue }

    @discardableResult @inline(__always)
    func sub(_ value: Int) -> Int { storage.subtract(value, ordering: .acquiringAndReleasing).oldValue }

    @discardableResult @inline(__always)
    func increment() -> Int { add(1) }

    @discardableResult @inline(__always)
    func decrement() -> Int { sub(1) }

    @inline(__always) func isFlagSet(_ mask: Int) -> Bool { load() & mask != 0 }
}

// RxSwift spells its atomic operations as free functions over `AtomicInt` with `Int32` values.
// The same spellings exist here so code written against RxSwift's internals (its tests use
// `@testable import`) compiles unchanged. Each returns the value before the operation.

@discardableResult @inline(__always)
func add(_ this: AtomicInt, _ value: Int32) -> Int32 { Int32(truncatingIfNeeded: this.add(Int(value))) }

@discardableResult @inline(__always)
func sub(_ this: AtomicInt, _ value: Int32) -> Int32 { Int32(truncatingIfNeeded: this.sub(Int(value))) }

@discardableResult @inline(__always)
func fetchOr(_ this: AtomicInt, _ mask: Int32) -> Int32 { Int32(truncatingIfNeeded: this.fetchOr(Int(mask))) }

@inline(__always)
func load(_ this: AtomicInt) -> Int32 { Int32(truncatingIfNeeded: this.load()) }

@discardableResult @inline(__always)
func increment(_ this: AtomicInt) -> Int32 { add(this, 1) }

@discardableResult @inline(__always)
func decrement(_ this: AtomicInt) -> Int32 { sub(this, 1) }

@inline(__always)
func isFlagSet(_ this: AtomicInt, _ mask: Int32) -> Bool { (load(this) & mask) != 0 }

/// The same flag stored inline in its owner (a class's `let`), for the objects every
/// subscription creates (sinks, SinkDisposer, observers, the common disposables): as a separate
/// object it cost each of them one more heap allocation.
struct InlineAtomicInt: ~Copyable, @unchecked Sendable {
    private let storage: Atomic<Int>

    init(_ value: Int = 0) { storage = Atomic(value) }

    @inline(__always) func load() -> Int { storage.load(ordering: .acquiring) }

    /// Sets the bits of `mask` and returns the previous value.
    @discardableResult @inline(__always)
    func fetchOr(_ mask: Int) -> Int { storage.bitwiseOr(mask, ordering: .acquiringAndReleasing).oldValue }

    @inline(__always) func isFlagSet(_ mask: Int) -> Bool { load() & mask != 0 }
}
