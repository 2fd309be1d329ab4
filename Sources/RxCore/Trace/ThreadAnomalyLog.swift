#if TRACE_RESOURCES
/// The thread anomalies a traced build saw, as first-seen records with counts: one record per
/// kind, stage and pair of places (at most `maximumRecords`; later distinct anomalies only add
/// to `droppedCount`). The detecting side's backtrace is captured when the record is made; the
/// other side's when that side can capture it itself (the thread that was inside `on` when
/// another thread overlapped it captures its stack as it leaves).
enum ThreadAnomalyLog {
    static let maximumRecords = 256

    struct Record {
        let kind: ThreadAnomalyKind
        let stage: UInt32
        let place: UInt64
        let otherPlace: UInt64
        var stack: UInt32
        var otherStack: UInt32
        var count: Int
        var detail: String
    }

    private struct Key: Hashable {
        let kind: ThreadAnomalyKind
        let stage: UInt32
        let place: UInt64
        let otherPlace: UInt64
    }

    private static let lock = RegistryLock()
    nonisolated(unsafe) private static var records: [Record] = []
    nonisolated(unsafe) private static var index: [Key: Int] = [:]
    nonisolated(unsafe) static var droppedCount = 0

    /// Records one occurrence. `otherPlace` is 0 when there is no other side.
    @inline(never)
    static func record(
        _ kind: ThreadAnomalyKind,
        stage: UInt32,
        place: UInt64,
        otherPlace: UInt64 = 0,
        detail: @autoclosure () -> String
    ) {
        let key = Key(kind: kind, stage: stage, place: place, otherPlace: otherPlace)
        let isNew = lock.withLock { () -> Bool in
            if let existing = index[key] {
                records[existing].count += 1
                return false
            }
            return true
        }
        guard isNew else { return }
        // Captured outside the lock: capture interns the stack under locks of its own.
        let stack = ResourceRegistry.captureStack(depth: ResourceRegistry.captureDepth)
        let text = detail()
        lock.withLock {
            if let existing = index[key] {
                records[existing].count += 1
                return
            }
            guard records.count < maximumRecords else {
                droppedCount += 1
                return
            }
            index[key] = records.count
            records.append(
                Record(
                    kind: kind,
                    stage: stage,
                    place: place,
                    otherPlace: otherPlace,
                    stack: stack,
                    otherStack: 0,
                    count: 1,
                    detail: text
                )
            )
        }
    }

    /// The other side of the most recent `kind` anomaly at `stage` captured its backtrace.
    @inline(never)
    static func attachOtherSide(_ kinds: [ThreadAnomalyKind], stage: UInt32, place: UInt64) {
        let stack = ResourceRegistry.captureStack(depth: ResourceRegistry.captureDepth)
        lock.withLock {
            for position in records.indices.reversed()
            where kinds.contains(records[position].kind) && records[position].stage == stage
                && records[position].otherPlace == place && records[position].otherStack == 0
            {
                records[position].otherStack = stack
                return
            }
        }
    }

    static func snapshot() -> [Record] {
        lock.withLock { records }
    }

    static func reset() {
        lock.withLock {
            records.removeAll()
            index.removeAll()
            droppedCount = 0
        }
    }
}
#endif
