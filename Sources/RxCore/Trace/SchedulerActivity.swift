#if TRACE_RESOURCES
import Foundation
import Synchronization

/// Counts one-shot work that real (dispatch and operation-queue) schedulers have accepted but
/// not yet finished, so that rxtrace can drain a scenario by waiting for idleness instead of
/// sleeping a fixed delay. Periodic timers are counted apart: they never become idle, and one
/// that is still running after a scenario is itself a finding.
public enum SchedulerActivity {
    private static let pendingCount = Atomic<Int>(0)
    private static let periodicCount = Atomic<Int>(0)
    private static let periodicByQueue = LockedValue<[String: Int]>([:])

    /// One-shot items scheduled and neither run nor cancelled yet.
    public static var pending: Int { pendingCount.load(ordering: .acquiring) }

    /// Periodic timers currently armed.
    public static var activePeriodicTimers: Int { periodicCount.load(ordering: .acquiring) }

    static func begin() { pendingCount.add(1, ordering: .acquiringAndReleasing) }
    static func end() { pendingCount.subtract(1, ordering: .acquiringAndReleasing) }
    /// Periodic timers currently armed, by the label of the dispatch queue they fire on, so a
    /// report can say which scheduler's timer keeps a subscription alive.
    public static var activePeriodicTimersByQueue: [String: Int] { periodicByQueue.withLock { $0 } }

    static func periodicStarted(queue: String) {
        periodicCount.add(1, ordering: .acquiringAndReleasing)
        periodicByQueue.withLock { $0[queue, default: 0] += 1 }
    }

    static func periodicStopped(queue: String) {
        periodicCount.subtract(1, ordering: .acquiringAndReleasing)
        periodicByQueue.withLock { counts in
            counts[queue, default: 0] -= 1
            if counts[queue] == 0 { counts[queue] = nil }
        }
    }

    /// Waits until no one-shot work is pending for `quietPeriod`, or `timeout` passes.
    /// Returns true when the schedulers went idle.
    @discardableResult
    public static func waitUntilIdle(timeout: TimeInterval, quietPeriod: TimeInterval = 0.02) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var idleSince: Date?
        while Date() < deadline {
            if pending == 0 {
                let start = idleSince ?? Date()
                idleSince = start
                if Date().timeIntervalSince(start) >= quietPeriod { return true }
            } else {
                idleSince = nil
            }
            if Thread.isMainThread {
                // Work for MainScheduler only runs when the main queue is serviced.
                RunLoop.main.run(until: Date().addingTimeInterval(0.002))
            } else {
                Thread.sleep(forTimeInterval: 0.002)
            }
        }
        return pending == 0
    }
}

/// Balances one `SchedulerActivity.begin()` exactly once, whether the work ran or was cancelled.
final class PendingWorkToken: @unchecked Sendable {
    private let finished = AtomicInt(0)
    init() { SchedulerActivity.begin() }
    func finish() { if finished.fetchOr(1) == 0 { SchedulerActivity.end() } }
    deinit { finish() }
}
#endif
