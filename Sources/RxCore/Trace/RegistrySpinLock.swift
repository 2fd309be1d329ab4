#if TRACE_RESOURCES
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A spin lock for the registry's short critical sections (a table insert or remove): uncontended
/// it is one compare-exchange and one store, about a third of a pthread mutex. Kept in plain
/// memory (`UnsafeMutablePointer<RegistrySpinLock>`), so taking it reads no object and retains nothing.
/// Being a Swift atomic compiled into this module, ThreadSanitizer sees the synchronisation.
struct RegistrySpinLock: ~Copyable {
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
               locked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
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
}
#endif
