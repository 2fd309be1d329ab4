import Foundation

/// Counts, for every subscription made to a program's `create` sources, how often its
/// disposable ran: a subscription must be disposed exactly once, however many threads dispose
/// the chain and whether it ended by itself first.
///
/// Locks here are `NSLock` (a pthread mutex), not `Synchronization.Mutex`: ThreadSanitizer does
/// not see the latter's futex, and would report the accesses it guards as races.
final class CreateLedger: @unchecked Sendable {
    private let lock = NSLock()
    private var disposals: [Int] = []

    /// A new subscription's number.
    func subscribed() -> Int {
        lock.withLock {
            disposals.append(0)
            return disposals.count - 1
        }
    }

    func disposed(_ subscription: Int) {
        lock.withLock { disposals[subscription] += 1 }
    }

    /// Breaches: subscriptions disposed more than once, and (when `complete`) any not disposed.
    func breaches(complete: Bool) -> [String] {
        lock.withLock {
            disposals.enumerated().compactMap { subscription, count in
                if count > 1 { return "create subscription #\(subscription) was disposed \(count) times" }
                if complete && count == 0 {
                    return "create subscription #\(subscription) was never disposed, though the chain was"
                }
                return nil
            }
        }
    }
}
