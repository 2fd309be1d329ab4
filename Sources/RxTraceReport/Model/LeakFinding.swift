/// One group of leaked resources that share a signature, with everything a reader needs to fix
/// it: what leaked, where it was created, how it grows and why it is still alive.
public struct LeakFinding: Codable, Equatable, Sendable {
    /// Stable identity of the group across runs and machines (baselines, SARIF fingerprints).
    public var signature: String
    public var kind: FindingKind
    /// The live resource types in the group, for example `["IntervalSink", "MapSink", "AnonymousObserver"]`.
    public var resourceTypes: [String]
    /// The chain in Rx terms, source first: `["interval", "map", "subscribe"]`.
    public var operatorChain: [String]
    /// How many leaked subscriptions (or objects) the group has after the measured passes.
    public var count: Int
    /// Per pass: how many of the group's members created in that pass are still alive.
    public var countPerPass: [Int]
    /// How much the group grows per additional pass: 0 for a one-time cache, 1 or more for a
    /// per-use leak.
    public var growthPerPass: Int
    /// The user code call site (the `subscribe` call), repository-relative when possible.
    public var callSite: SourceLocation?
    /// The allocation backtrace, innermost frame first.
    public var backtrace: [ReportFrame]
    /// When the cause is inside a dependency's code and `callSite` is the user's own line that
    /// called it: the dependency's frame nearest that line, shown beside it.
    public var viaDependency: DependencyCall?
    /// Why it is still alive, when known, as a phrase that names the holder ("kept alive by the
    /// periodic timer of SerialDispatchQueueScheduler(feed)", "on reference cycle …"); renderers
    /// show it as it is, without a label of their own.
    public var retentionReason: String?
    /// The references from what holds the leak down to it, when the heap graph found them.
    public var retentionPath: ReportRetentionPath?
    /// Baseline comparison: true when the signature is absent from the baseline, false when it
    /// is known; nil when no baseline was used.
    public var isNew: Bool?
    /// The suppression rule that matched, if any. Suppressed findings never fail a run.
    public var suppressedBy: SuppressionRule?
    /// For a `threadAnomaly`: the stage, threads and schedulers involved, and the other side's
    /// backtrace (`backtrace` is the detecting side's).
    public var anomaly: ReportThreadAnomaly?
    /// The source around `callSite`, read when the report was made; nil when the file could
    /// not be read (outside the repository, moved, built elsewhere).
    public var snippet: SourceSnippet?
    /// This finding's own fix, when the analysis knows better than its kind's (`fixHint`): a
    /// subscription whose closure keeps its owner, and the owner's bag, alive.
    public var fix: String?
    /// For a `leakedSubscription` finding: what its group keeps alive, when it is not a
    /// subscription (nil: a subscription, as in reports written before it was recorded).
    public var leaked: LeakedThing?
    /// True when what keeps it alive is the test harness (XCTest's test case instance, released
    /// at the end of the run): reported as "held by the test", failing only under `--strict`.
    public var heldByTest: Bool?
    /// The patch `rxtrace test --fix` wrote for it and whether it proved it; nil without `--fix`.
    public var patch: FindingPatch?

    public init(
        signature: String,
        kind: FindingKind,
        resourceTypes: [String] = [],
        operatorChain: [String] = [],
        count: Int,
        countPerPass: [Int] = [],
        growthPerPass: Int = 0,
        callSite: SourceLocation? = nil,
        backtrace: [ReportFrame] = [],
        viaDependency: DependencyCall? = nil,
        retentionReason: String? = nil,
        retentionPath: ReportRetentionPath? = nil,
        isNew: Bool? = nil,
        suppressedBy: SuppressionRule? = nil,
        anomaly: ReportThreadAnomaly? = nil,
        snippet: SourceSnippet? = nil,
        fix: String? = nil,
        leaked: LeakedThing? = nil,
        heldByTest: Bool? = nil,
        patch: FindingPatch? = nil
    ) {
        self.signature = signature
        self.kind = kind
        self.resourceTypes = resourceTypes
        self.operatorChain = operatorChain
        self.count = count
        self.countPerPass = countPerPass
        self.growthPerPass = growthPerPass
        self.callSite = callSite
        self.backtrace = backtrace
        self.viaDependency = viaDependency
        self.retentionReason = retentionReason
        self.retentionPath = retentionPath
        self.isNew = isNew
        self.suppressedBy = suppressedBy
        self.anomaly = anomaly
        self.snippet = snippet
        self.fix = fix
        self.leaked = leaked
        self.heldByTest = heldByTest
        self.patch = patch
    }

    /// "interval → map → subscribe"
    public var chainDescription: String { operatorChain.joined(separator: " → ") }

    /// "2 leaked subscriptions · interval → map → subscribe"
    public var headline: String {
        let what = "\(count) \(noun(count: count))"
        return operatorChain.isEmpty ? what : "\(what) · \(chainDescription)"
    }

    /// What its title calls `count` of what is alive: "leaked subject", "reference cycles".
    public func noun(count: Int) -> String {
        if kind == .leakedSubscription, let leaked { return leaked.noun(count: count) }
        return kind.noun(count: count)
    }

    /// Whether this finding can fail a run: not suppressed and not known to the baseline.
    public var isActionable: Bool { suppressedBy == nil && isNew != false }
}
