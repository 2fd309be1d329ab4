#if TRACE_RESOURCES
import RxCore
import RxTraceReport

/// What a drain left pending, in words a reader can act on: how many items on which scheduler
/// (named as `check` names it) and the line of the user's code that scheduled the latest of them.
public enum PendingWorkText {
    /// "2 items pending on SerialDispatchQueueScheduler(feed), scheduled at
    /// Tests/FeedTests/FeedTests.swift:12; 1 item pending on MainScheduler"; nil when nothing is.
    /// Paths are placed against `root`, as the report's own are (this is text, placed here).
    public static func describe(
        _ pending: [SchedulerActivity.PendingOnScheduler],
        symbolicator: Symbolicator = .shared,
        root: SourceRoot = .discover()
    ) -> String? {
        let parts = pending.filter { $0.count > 0 }.map { item in
            let scheduler = item.scheduler.isEmpty ? "an unnamed scheduler" : item.scheduler
            var text = "\(item.count) item\(item.count == 1 ? "" : "s") pending on \(scheduler)"
            if item.lastScheduledStack.rawValue != 0,
                let site = symbolicator.userCallSite(for: item.lastScheduledStack)?.location
            {
                text += item.count == 1 ? ", scheduled at " : ", the last scheduled at "
                text += "\(root.locate(site.file).reportPath ?? site.file):\(site.line)"
            }
            return text
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
#endif
