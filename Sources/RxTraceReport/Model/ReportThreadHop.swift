/// One stage of a subscription chain in the thread-hop report: the API the user called, the
/// scheduler and thread it ran on, and where the chain hops. A scenario's `threadHops` lists the
/// stages of each chain it left or completed, source first; `chain` and `position` say which.
///
/// Schema version 1 reserved `stage`, `scheduler`, `thread` and `anomaly`; every other field is
/// optional, added with the thread-hop analysis.
public struct ReportThreadHop: Codable, Equatable, Sendable {
    /// The API the user called for this stage: `observe(on: green)`, `map`, `subscribe`.
    public var stage: String
    /// The scheduler the stage delivered its events on (the most frequent one), when it ran
    /// as a scheduler's work; absent when called directly on a thread.
    public var scheduler: String?
    /// The thread it delivered its events on (the most frequent one): its name, or `thread #N`.
    public var thread: String
    /// The kind of the thread anomaly found at this stage, when there is one (`offMainThread`).
    public var anomaly: String?
    /// Which chain of the scenario (0-based), in the order chains were first subscribed.
    public var chain: Int?
    /// The stage's position in its chain, source first (0-based).
    public var position: Int?
    /// The position of the stage this one delivers to; absent for the chain's subscriber.
    /// Several stages deliver to one when a chain merges sources.
    public var downstream: Int?
    /// Whether the stage delivers on a different place (scheduler or thread) than the stage
    /// feeding it: a hop, made by `observe(on:)` or by a source on another thread.
    public var isHop: Bool?
    /// Where the stage was subscribed, first seen first, with counts.
    public var subscribedOn: [ReportHopPlace]?
    /// Where the stage delivered events downstream (the subscriber: where its handler ran).
    public var deliveredOn: [ReportHopPlace]?
    /// Where the stage was disposed.
    public var disposedOn: [ReportHopPlace]?
    /// The subscription's call site, on the chain's last stage.
    public var callSite: SourceLocation?
    /// On the chain's last stage: where its events start, then where each `observe(on:)`
    /// lands, as short names (`["main", "green", "red", "green"]`; `red|green` for a set).
    /// This is what a scenario's `expectHops` declares.
    public var chainHops: [String]?
    /// On the chain's last stage: where its sources were subscribed (short names).
    public var chainSubscribedOn: String?

    public init(
        stage: String,
        scheduler: String? = nil,
        thread: String,
        anomaly: String? = nil,
        chain: Int? = nil,
        position: Int? = nil,
        downstream: Int? = nil,
        isHop: Bool? = nil,
        subscribedOn: [ReportHopPlace]? = nil,
        deliveredOn: [ReportHopPlace]? = nil,
        disposedOn: [ReportHopPlace]? = nil,
        callSite: SourceLocation? = nil,
        chainHops: [String]? = nil,
        chainSubscribedOn: String? = nil
    ) {
        self.stage = stage
        self.scheduler = scheduler
        self.thread = thread
        self.anomaly = anomaly
        self.chain = chain
        self.position = position
        self.downstream = downstream
        self.isHop = isHop
        self.subscribedOn = subscribedOn
        self.deliveredOn = deliveredOn
        self.disposedOn = disposedOn
        self.callSite = callSite
        self.chainHops = chainHops
        self.chainSubscribedOn = chainSubscribedOn
    }

    /// The short name of where the stage delivered: "green", "main", "thread #3".
    public var placeName: String { ReportHopPlace(scheduler: scheduler, thread: thread).shortName }
}

/// A thread and the scheduler whose work it ran, with how often.
public struct ReportHopPlace: Codable, Equatable, Hashable, Sendable {
    /// The scheduler's label (`SerialDispatchQueueScheduler(green)`); absent when the code was
    /// called directly on the thread.
    public var scheduler: String?
    /// The thread's name ("main"), or `thread #N` when it has none.
    public var thread: String
    public var count: Int?

    public init(scheduler: String?, thread: String, count: Int? = nil) {
        self.scheduler = scheduler
        self.thread = thread
        self.count = count
    }

    /// "green" for `SerialDispatchQueueScheduler(green)`, "main" for `MainScheduler` and for
    /// the main thread without a scheduler, the thread's name otherwise.
    public var shortName: String {
        guard let scheduler else { return thread }
        if scheduler.hasPrefix("MainScheduler") || scheduler == "ConcurrentMainScheduler" { return "main" }
        if scheduler == "CurrentThreadScheduler" { return "\(thread) (trampoline)" }
        if let open = scheduler.firstIndex(of: "("), scheduler.hasSuffix(")") {
            return String(scheduler[scheduler.index(after: open)..<scheduler.index(before: scheduler.endIndex)])
        }
        return scheduler
    }

    /// "SerialDispatchQueueScheduler(green) on thread #4", "main thread".
    public var longName: String {
        guard let scheduler else { return thread == "main" ? "main thread" : thread }
        return "\(scheduler) on \(thread)"
    }
}
