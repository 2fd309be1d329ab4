import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A spin lock for short critical sections that call nothing outside (the registry's table
/// inserts and removes, a disposable's bookkeeping): uncontended it is one compare-exchange and one
/// store, about a third of a pthread mutex, and it is stored inline in its owner (a class's `let`,
/// or plain memory as the registry keeps its shards' locks), so it costs no allocation. Not
/// recursive. Being a Swift atomic compiled into this module, ThreadSanitizer sees the
/// synchronisation.
struct InlineSpinLock: ~Copyable {
    private let locked = Atomic<Bool>(false)

    init() {}

    @inline(__always)
    func lock() {
        if locked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged { return }
        lockContended()
    }

    @inline(never)
    private func lockContended() {
        var spins = 0
        while true {
            if !locked.load(ordering: .relaxed),
                locked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
            {
                return
            }
            spins += 1
            // The holder may have been preempted (2 cores, many threads): let it run.
            if spins >= 64 {
                sched_yield()
                spins = 0
            }
        }
    }

    @inline(__always)
    func unlock() {
        locked.store(false, ordering: .releasing)
    }

    @inline(__always)
    func performLocked<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
