#if TRACE_RESOURCES
/// A thread and the scheduler whose work it was running, as the thread-hop recording saw it.
public struct HopPlace: Hashable, Sendable {
    /// The thread's index in the registry (stable for the life of the thread).
    public let threadIndex: Int
    /// "main" for the main thread, else the thread's name, or "" when it has none.
    public let threadName: String
    /// The kernel thread id (Linux) or the pthread id (Darwin).
    public let threadID: UInt64
    /// The scheduler's label (`SerialDispatchQueueScheduler(green)`), nil when the code was
    /// called directly on the thread rather than as a scheduler's work.
    public let scheduler: String?
    /// Whether work on that scheduler never overlaps (serial queues, the main thread, virtual time).
    public let schedulerIsSerial: Bool

    public init(
        threadIndex: Int,
        threadName: String,
        threadID: UInt64,
        scheduler: String?,
        schedulerIsSerial: Bool = false
    ) {
        self.threadIndex = threadIndex
        self.threadName = threadName
        self.threadID = threadID
        self.scheduler = scheduler
        self.schedulerIsSerial = schedulerIsSerial
    }

    /// Whether this is the main thread.
    public var isMainThread: Bool { threadName == "main" }
}

/// How often something happened at one place.
public struct HopPlaceCount: Sendable, Equatable {
    public let place: HopPlace
    public let count: Int

    public init(place: HopPlace, count: Int) {
        self.place = place
        self.count = count
    }
}

/// One stage of a subscription chain as recorded: the operator's sink (or the subscriber) and
/// the places where it was subscribed, delivered each kind of event and was disposed.
public struct HopStageRecord: Sendable {
    /// Unique within the process.
    public let id: UInt32
    /// The stage this one delivers to (its observer), 0 for the chain's last stage.
    public let downstream: UInt32
    /// The sink's type, readable (`MapSink<Int, String>`).
    public let typeName: String
    /// Where the operator was called (the producer's allocation stack), when captured.
    public let producerStack: StackID?
    /// The producer whose `run` made the stage's sink (`Timer`), nil for a subscriber.
    public let producerTypeName: String?
    /// Where the stage was first subscribed (its first sink's allocation stack), when captured.
    public let subscriptionStack: StackID?
    /// First-seen places per kind of event, in the order first seen.
    public let places: [HopEventKind: [HopPlaceCount]]
    /// Events whose place did not fit the per-kind bound, per kind.
    public let overflow: [HopEventKind: Int]
}

/// A thread anomaly as recorded by RxCore (first-seen, with a count).
public struct ThreadAnomalyRecord: Sendable {
    public let kind: ThreadAnomalyKind
    /// The stage where it was seen (0 when it was not at a stage: a subject, a
    /// `MainScheduler.ensureRunningOnMainThread()` call).
    public let stage: UInt32
    /// The detecting side: the thread and scheduler that sent, disposed or checked.
    public let place: HopPlace
    /// The other side, when there is one: the thread already inside `on`, or where the
    /// subscription was disposed.
    public let otherPlace: HopPlace?
    /// The detecting side's backtrace, when captured.
    public let stack: StackID?
    /// The other side's backtrace, when that side could capture it.
    public let otherStack: StackID?
    public let count: Int
    /// One line saying what happened.
    public let detail: String
}

/// The thread-hop recording of a traced build: which scheduler and thread every stage of every
/// subscription chain ran on, and the thread anomalies seen (RxCore's side of rxtrace's thread
/// report). See `HopStageTable` and `ThreadAnomalyLog` for the bounds.
public enum ThreadHops {
    /// Whether new subscriptions record their hops. Starts from `RXTRACE_HOPS` (`off` disables
    /// it, for measuring its cost); default on.
    public static var isEnabled: Bool {
        get { HopStageTable.isEnabled }
        set { HopStageTable.isEnabled = newValue }
    }

    /// At most this many distinct stages are recorded per process.
    public static var maximumStages: Int { HopStageTable.maximumStages }
    /// At most this many distinct places are kept per kind of event per stage.
    public static var maximumPlacesPerKind: Int { HopStageTable.maximumPlacesPerKind }
    /// At most this many distinct anomalies are kept.
    public static var maximumAnomalies: Int { ThreadAnomalyLog.maximumRecords }

    /// Forgets the counts and anomalies recorded so far (stage identities stay).
    public static func reset() {
        HopStageTable.resetCounts()
        ThreadAnomalyLog.reset()
    }

    /// Every stage with something recorded since the last reset.
    public static func stages() -> [HopStageRecord] {
        let resolve = PlaceResolver()
        var names = TypeNames.Cache()
        return HopStageTable.snapshot().map { item in
            var places: [HopEventKind: [HopPlaceCount]] = [:]
            var overflow: [HopEventKind: Int] = [:]
            for kind in HopEventKind.allCases {
                let recorded = item.places[kind.rawValue]
                if !recorded.isEmpty {
                    places[kind] = recorded.map { HopPlaceCount(place: resolve(code: $0.place), count: Int($0.count)) }
                }
                if item.overflow[kind.rawValue] > 0 { overflow[kind] = Int(item.overflow[kind.rawValue]) }
            }
            return HopStageRecord(
                id: item.id,
                downstream: item.record.key.downstream,
                typeName: names.name(of: item.record.type),
                producerStack: item.record.key.producerStack == 0
                    ? nil : StackID(rawValue: item.record.key.producerStack),
                producerTypeName: item.record.producerType.map { names.name(of: $0) },
                subscriptionStack: item.record.sinkStack == 0 ? nil : StackID(rawValue: item.record.sinkStack),
                places: places,
                overflow: overflow
            )
        }
    }

    /// The anomalies recorded since the last reset, in the order first seen.
    public static func anomalies() -> [ThreadAnomalyRecord] {
        let resolve = PlaceResolver()
        return ThreadAnomalyLog.snapshot().map { record in
            ThreadAnomalyRecord(
                kind: record.kind,
                stage: record.stage,
                place: resolve(code: record.place),
                otherPlace: record.otherPlace == 0 ? nil : resolve(code: record.otherPlace),
                stack: record.stack == 0 ? nil : StackID(rawValue: record.stack),
                otherStack: record.otherStack == 0 ? nil : StackID(rawValue: record.otherStack),
                count: record.count,
                detail: record.detail
            )
        }
    }

    /// The place the calling thread is at now (its thread, and the scheduler whose work it runs).
    public static func currentPlace() -> HopPlace {
        PlaceResolver()(code: HopThreadState.currentPlace)
    }

    /// Records anomaly 4 (`offMainThread`) for `api`, called on this thread although it belongs
    /// on the main thread, and goes on: for checks that do not stop (RxCocoa's `emit`) and, with
    /// the API's name, for those that do (`MainScheduler.ensureRunningOnMainThread`). The backtrace
    /// is taken here, so the report places it at the first user frame: the line that called `api`.
    @_spi(RxCocoa) @inline(never)
    public static func recordOffMainThread(api: String) {
        let state = HopThreadState.current
        ThreadAnomalyLog.record(
            .offMainThread,
            stage: state.pointee.deliveringStage,
            place: state.pointee.place,
            detail: "\(api) called off the main thread"
        )
    }
}

/// Turns packed place codes into `HopPlace`s from one snapshot of the thread and label tables.
private struct PlaceResolver {
    let threads = ThreadRegistry.snapshot()
    let labels = SchedulerLabels.snapshot()

    func callAsFunction(code: UInt64) -> HopPlace {
        let thread = Int(HopPlaceCode.thread(code))
        let scheduler = Int(HopPlaceCode.scheduler(code))
        let info = thread < threads.count ? threads[thread] : ThreadRegistry.Info(id: 0, name: "")
        let label = scheduler != 0 && scheduler < labels.count ? labels[scheduler] : nil
        return HopPlace(
            threadIndex: thread,
            threadName: info.name,
            threadID: info.id,
            scheduler: label?.text,
            schedulerIsSerial: label?.isSerial ?? false
        )
    }
}
#endif
