#if TRACE_RESOURCES
/// Which scheduler armed the periodic timers on each dispatch queue, so a report names a timer
/// left running as the user constructed it (`SerialDispatchQueueScheduler(ticker)`), the name
/// the same report gives that scheduler's pending work, and not by its bare queue label.
extension SchedulerActivity {
    /// Per queue label, the label id of the scheduler that last armed a periodic timer on it.
    private static let periodicSchedulers = LockedValue<[String: UInt32]>([:])

    /// Per dispatch queue label, the label of the scheduler whose periodic timer was armed on
    /// it (`SerialDispatchQueueScheduler(ticker)`), for every queue a timer was armed on.
    public static var periodicTimerSchedulerLabels: [String: String] {
        let labels = SchedulerLabels.snapshot()
        return periodicSchedulers.withLock { $0 }.compactMapValues { id in
            Int(id) < labels.count && id != 0 ? labels[Int(id)].text : nil
        }
    }

    static func periodicArmed(queue: String, by scheduler: UInt32) {
        guard scheduler != 0 else { return }
        periodicSchedulers.withLock { $0[queue] = scheduler }
    }
}
#endif
