/// A reference cycle that keeps leaked objects alive, as found in the heap graph: the objects
/// on it in reference order, starting at the user's own object and leading back to it, with
/// the reference to break and how.
public struct ReportCycle: Codable, Equatable, Sendable {
    /// The signature of the `referenceCycle` finding this cycle explains.
    public var signature: String
    /// The objects on the cycle, in reference order; the last step's reference leads back to
    /// the first.
    public var steps: [Step]
    /// The index of the step whose outgoing reference is the one to break (a closure's strong
    /// capture of `self`, a method reference), when one was identified.
    public var breakAt: Int?
    /// How to break it, for people (`[weak self]`, `withUnretained`, `take(until:)`…).
    public var fix: String?
    /// How many live instances of this cycle the heap holds (one per leaked owner).
    public var count: Int?
    /// The patch `rxtrace test --fix` wrote to break it (`[weak self]`) and whether it proved
    /// it; nil without `--fix`.
    public var patch: FindingPatch?

    /// One object on a cycle or retention path, and the reference from it to the next one.
    public struct Step: Codable, Equatable, Sendable {
        /// The object's type (`FeedViewModel`, `MapSink<Int, String>`, `closure context`).
        public var typeName: String
        /// The stored property, element or capture that references the next step
        /// (`disposeBag`, `disposables[0]`, `capture #1`), if known.
        public var via: String?
        /// When that reference is a closure's context: the closure (`closure #2 in
        /// Presenter.bind()`), or a method reference (`method reference Presenter.transform(_:)`).
        public var closure: String?
        /// Where that closure is written.
        public var location: SourceLocation?

        public init(typeName: String, via: String? = nil, closure: String? = nil, location: SourceLocation? = nil) {
            self.typeName = typeName
            self.via = via
            self.closure = closure
            self.location = location
        }
    }

    public init(
        signature: String,
        steps: [Step],
        breakAt: Int? = nil,
        fix: String? = nil,
        count: Int? = nil,
        patch: FindingPatch? = nil
    ) {
        self.signature = signature
        self.steps = steps
        self.breakAt = breakAt
        self.fix = fix
        self.count = count
        self.patch = patch
    }
}

/// Why a leaked group is still alive when it is not in a cycle: the chain of references from
/// what holds it (a scheduler's armed timer, a subject owned by a long-lived object) down to
/// the leaked subscription.
public struct ReportRetentionPath: Codable, Equatable, Sendable {
    /// What holds the path's first object, for people: `FeedService.unreadCount`, `the periodic
    /// timer of SerialDispatchQueueScheduler(ticker)`, or `unknown holder`.
    public var holder: String
    /// From the holder's object to the leaked one, each with the reference to the next.
    public var steps: [ReportCycle.Step]

    public init(holder: String, steps: [ReportCycle.Step]) {
        self.holder = holder
        self.steps = steps
    }
}
