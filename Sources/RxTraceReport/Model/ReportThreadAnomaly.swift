/// The thread-specific part of a `threadAnomaly` finding: which contract was broken, at which
/// stage, and by whom on which thread and scheduler.
public struct ReportThreadAnomaly: Codable, Equatable, Sendable {
    /// 1 overlapping `on`, 2 event after terminal, 3 event after `dispose()` on the same serial
    /// scheduler, 4 off the main thread, 5 disposed while delivering on another thread.
    public var number: Int
    /// `overlappingOn`, `eventAfterTerminal`, `eventAfterDispose`, `offMainThread`,
    /// `disposedWhileDelivering`.
    public var kind: String
    /// The stage where it was seen, named by the API called, when it was at a stage.
    public var stage: String?
    /// One line saying what happened.
    public var detail: String
    /// The detecting side: the thread that sent, disposed or checked.
    public var place: ReportHopPlace
    /// The other side: the thread already inside `on`, or where the subscription was disposed.
    public var otherPlace: ReportHopPlace?
    /// The other side's backtrace, innermost first, when that side could capture it.
    public var otherBacktrace: [ReportFrame]?

    public init(
        number: Int,
        kind: String,
        stage: String? = nil,
        detail: String,
        place: ReportHopPlace,
        otherPlace: ReportHopPlace? = nil,
        otherBacktrace: [ReportFrame]? = nil
    ) {
        self.number = number
        self.kind = kind
        self.stage = stage
        self.detail = detail
        self.place = place
        self.otherPlace = otherPlace
        self.otherBacktrace = otherBacktrace
    }
}
