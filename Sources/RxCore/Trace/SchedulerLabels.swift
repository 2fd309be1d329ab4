#if TRACE_RESOURCES
/// Scheduler labels as small numbers, so that the work a scheduler runs can be marked with
/// 4 bytes per thread instead of a string. Id 0 means "no scheduler" (code called directly on
/// a thread). The table only grows: one entry per distinct label, for the life of the process.
enum SchedulerLabels {
    struct Label: Sendable {
        let text: String
        /// Work on this scheduler never overlaps (a serial queue, the main thread, virtual time).
        let isSerial: Bool
    }

    private static let lock = RegistryLock()
    nonisolated(unsafe) private static var labels: [Label] = [Label(text: "", isSerial: false)]
    nonisolated(unsafe) private static var ids: [String: UInt32] = [:]

    static func intern(_ text: String, isSerial: Bool) -> UInt32 {
        lock.withLock {
            if let id = ids[text] { return id }
            labels.append(Label(text: text, isSerial: isSerial))
            let id = UInt32(labels.count - 1)
            ids[text] = id
            return id
        }
    }

    static func snapshot() -> [Label] {
        lock.withLock { labels }
    }

    static func isSerial(_ id: UInt32) -> Bool {
        guard id != 0 else { return false }
        return lock.withLock { Int(id) < labels.count && labels[Int(id)].isSerial }
    }
}

/// One scheduler's label id, made once when the scheduler is created (the label does not change
/// afterwards) and read by the work it runs.
final class SchedulerMark: @unchecked Sendable {
    private(set) var id: UInt32 = 0

    init() {}

    /// Called once from the scheduler's initializer, before the scheduler is shared.
    func name(_ label: String, isSerial: Bool) {
        id = SchedulerLabels.intern(label, isSerial: isSerial)
    }

    /// Runs `work` marked as this scheduler's, restoring the previous mark afterwards (work
    /// can nest: a trampoline inside a queue's block, a virtual clock advanced from a queue).
    @inline(__always)
    func run<Result>(_ work: () throws -> Result) rethrows -> Result {
        // Not through a helper taking `work`: each function between the scheduler and the work
        // is a frame (inlined or not) in every backtrace captured inside it.
        let previous = ThreadPlace.current
        ThreadPlace.mark(scheduler: id, from: previous)
        defer { ThreadPlace.restore(previous) }
        return try work()
    }
}
#endif
