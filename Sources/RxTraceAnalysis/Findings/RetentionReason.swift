#if TRACE_RESOURCES
import RxCore
import RxTraceReport

/// Periodic timers armed on each dispatch queue before and after the measured passes.
package struct TimerEvidence {
    var before: [String: Int]
    var after: [String: Int]
    /// Scheduler labels of the queues the scenario context created, by queue label.
    var schedulerLabels: [String: String]

    package init(before: [String: Int], after: [String: Int], schedulerLabels: [String: String]) {
        self.before = before
        self.after = after
        self.schedulerLabels = schedulerLabels
    }

    /// Queues on which the measured passes left more periodic timers armed than they found.
    var queuesWithNewTimers: [String] {
        after.keys.filter { after[$0, default: 0] > before[$0, default: 0] }.sorted()
    }
}

/// Observers held by live subjects, by subject type, before and after the measured passes.
/// Not a reason on its own: that some subject gained observers does not say it holds a given
/// leak (an unrelated subject of the same type may be the one that gained them). A subject is
/// named only where the heap graph ties it to the leak (`HeapExplanation`: the path from its
/// observer list).
package struct SubjectEvidence {
    var before: [String: Int]
    var after: [String: Int]

    package init(before: [String: Int], after: [String: Int]) {
        self.before = before
        self.after = after
    }

    /// Subject types whose live instances hold more observers than before the measured passes.
    var typesWithNewObservers: [String] {
        after.keys.filter { after[$0, default: 0] > before[$0, default: 0] }.sorted()
    }
}

/// Explains why a leaked group is still alive, only from evidence gathered during the run, when
/// the heap graph does not say (it is off, or finds no holder). When nothing supports a reason,
/// there is none: a wrong reason is worse than no reason.
enum RetentionReason {
    static func explain(_ group: ResourceGroup, timers: TimerEvidence) -> String? {
        if group.resourceTypes.contains(where: isPeriodicTimerSink) {
            // A periodic timer sink is held by the timer's handler for as long as the timer is
            // armed; it only counts as the reason when a timer armed during the measured passes
            // is still armed now.
            let queues = timers.queuesWithNewTimers
            let names = queues.map { timers.schedulerLabels[$0] ?? "dispatch queue '\($0)'" }
            let timerSinks = group.entries.filter { isPeriodicTimerSink($0.typeName) }.count
            let subscriptions = PassAnalysis.subscriptionCount(group)
            switch names.count {
            case 0: break
            case 1: return "kept alive by the periodic timer of \(names[0])"
            case timerSinks / subscriptions:
                // One timer sink per new timer in each subscription (merged intervals): all hold it.
                return
                    "kept alive by the periodic timers of \(names.dropLast().joined(separator: ", ")) and \(names.last!)"
            default: return "kept alive by a periodic timer still armed on one of: \(names.joined(separator: ", "))"
            }
        }
        return nil
    }

    /// The sink `interval` and periodic `timer` build (`TimerSink<…>`), not the one-shot one.
    static func isPeriodicTimerSink(_ typeName: String) -> Bool {
        typeName.hasPrefix("TimerSink<") || typeName.contains(".TimerSink<")
    }
}
#endif
