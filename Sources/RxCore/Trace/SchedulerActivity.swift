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
    /// Per scheduler label id, the pending items by ticket, each with the stack that scheduled it.
    private static let pendingByScheduler = LockedValue<[UInt32: [UInt64: UInt32]]>([:])
    private static let nextTicket = Atomic<UInt64>(1)

    /// The ticket the next scheduled item gets: items scheduled from now on have this or a later
    /// one, so a test can tell the work it queued from work queued before it began.
    public static var ticket: UInt64 { nextTicket.load(ordering: .acquiring) }

    /// One-shot work pending on one scheduler: how many items, and the stack that scheduled the
    /// latest of them (0 when capture is off), so a report can say where it was scheduled.
    public struct PendingOnScheduler: Sendable, Equatable {
        /// The scheduler's label as reports name it (`SerialDispatchQueueScheduler(feed)`), or
        /// empty for a scheduler without one.
        public var scheduler: String
        public var count: Int
        public var lastScheduledStack: StackID
    }

    /// One-shot items scheduled and neither run nor cancelled yet.
    public static var pending: Int { pendingCount.load(ordering: .acquiring) }

    /// Periodic timers currently armed.
    public static var activePeriodicTimers: Int { periodicCount.load(ordering: .acquiring) }

    /// One-shot items pending now that were scheduled at or after `ticket`.
    public static func pending(since ticket: UInt64) -> Int {
        pendingByScheduler.withLock { pending in
            pending.values.reduce(0) { sum, items in sum + items.keys.filter { $0 >= ticket }.count }
        }
    }

    /// One-shot items pending now that were scheduled at or after `ticket`, by scheduler,
    /// busiest first.
    public static func pendingBySchedulers(since ticket: UInt64 = 0) -> [PendingOnScheduler] {
        let labels = SchedulerLabels.snapshot()
        let pending = pendingByScheduler.withLock { $0 }
        return pending.compactMap { id, items in
            let mine = items.filter { $0.key >= ticket }
            guard let latest = mine.keys.max() else { return nil }
            return PendingOnScheduler(
                scheduler: Int(id) < labels.count ? labels[Int(id)].text : "",
                count: mine.count,
                lastScheduledStack: StackID(rawValue: mine[latest] ?? 0)
            )
        }.sorted { ($0.count, $1.scheduler) > ($1.count, $0.scheduler) }
    }

    static func begin(scheduler: UInt32, stack: UInt32) -> UInt64 {
        pendingCount.add(1, ordering: .acquiringAndReleasing)
        let ticket = nextTicket.add(1, ordering: .acquiringAndReleasing).oldValue
        pendingByScheduler.withLock { $0[scheduler, default: [:]][ticket] = stack }
        return ticket
    }

    static func end(scheduler: UInt32, ticket: UInt64) {
        pendingCount.subtract(1, ordering: .acquiringAndReleasing)
        pendingByScheduler.withLock { pending in
            pending[scheduler]?[ticket] = nil
            if pending[scheduler]?.isEmpty == true { pending[scheduler] = nil }
        }
    }

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

    /// Waits until no one-shot work is pending for `quietPeriod`, or `timeout` passes; with a
    /// `since` ticket, only work scheduled at or after it counts. Returns true when the
    /// schedulers went idle.
    @discardableResult
    public static func waitUntilIdle(
        timeout: TimeInterval,
        quietPeriod: TimeInterval = 0.02,
        since ticket: UInt64 = 0
    ) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let busy = { ticket == 0 ? pending : pending(since: ticket) }
        var idleSince: Date?
        while Date() < deadline {
            if busy() == 0 {
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
        return busy() == 0
    }
}

/// Balances one `SchedulerActivity.begin` exactly once, whether the work ran or was cancelled.
/// Made where work is scheduled, on the scheduling thread: its stack says who scheduled it.
final class PendingWorkToken: @unchecked Sendable {
    private let finished = AtomicInt(0)
    private let scheduler: UInt32
    private let ticket: UInt64

    init(_ mark: SchedulerMark) {
        scheduler = mark.id
        ticket = SchedulerActivity.begin(scheduler: scheduler, stack: ResourceRegistry.stageStack())
    }

    func finish() {
        if finished.fetchOr(1) == 0 { SchedulerActivity.end(scheduler: scheduler, ticket: ticket) }
    }
    deinit { finish() }
}
#endif
