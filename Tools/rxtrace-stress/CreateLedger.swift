import Synchronization

/// Counts, for every subscription made to a program's `create` sources, how often its
/// disposable ran: a subscription must be disposed exactly once, however many threads dispose
/// the chain and whether it ended by itself first.
final class CreateLedger: Sendable {
    private let disposals = Mutex<[Int]>([])

    /// A new subscription's number.
    func subscribed() -> Int {
        disposals.withLock { counts in
            counts.append(0)
            return counts.count - 1
        }
    }

    func disposed(_ subscription: Int) {
        disposals.withLock { $0[subscription] += 1 }
    }

    /// Breaches: subscriptions disposed more than once, and (when `complete`) any not disposed.
    func breaches(complete: Bool) -> [String] {
        disposals.withLock { counts in
            counts.enumerated().compactMap { subscription, count in
                if count > 1 { return "create subscription #\(subscription) was disposed \(count) times" }
                if complete && count == 0 {
                    return "create subscription #\(subscription) was never disposed, though the chain was"
                }
                return nil
            }
        }
    }
}
