/// Reserved: which scheduler and thread one stage of a chain ran on, filled by the thread-hop
/// analysis (a later issue). Reports of schema version 1 always carry an empty `threadHops`
/// array; only optional fields will be added to this shape.
public struct ReportThreadHop: Codable, Equatable, Sendable {
    /// The operator stage (`observeOn`, `map`, `subscribe`).
    public var stage: String
    /// The scheduler's label as the scenario named it, when the stage ran on one.
    public var scheduler: String?
    /// The thread's name or number.
    public var thread: String
    /// Set when this stage is the site of a thread anomaly.
    public var anomaly: String?

    public init(stage: String, scheduler: String? = nil, thread: String, anomaly: String? = nil) {
        self.stage = stage
        self.scheduler = scheduler
        self.thread = thread
        self.anomaly = anomaly
    }
}
