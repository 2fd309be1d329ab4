/// What rxtrace concludes about one scenario. A scenario declares the verdict it expects and
/// the report gives the verdict it got; the raw values are the JSON spelling.
public enum Verdict: String, Codable, CaseIterable, Sendable {
    /// Nothing created by the measured passes outlived them.
    case clean
    /// Subscriptions (or objects expected to be released) outlive the measured passes.
    case leak
    /// A reference cycle keeps a chain alive (for example self → disposeBag → sink → closure → self).
    case cycle
    /// The chain hops threads and the hops are reported; nothing is wrong.
    case hopsReported
    /// A thread anomaly: overlapping `on` calls, or delivery off the thread a consumer requires.
    case threadAnomaly
    /// The scenario's process trapped or died from a signal.
    case crashed
    /// The scenario did not finish within its timeout.
    case timedOut

    /// Whether a finding of `kind` is what this expected verdict asks for, so it does not fail
    /// the scenario. A cycle necessarily leaks the subscriptions it holds, so `cycle` also
    /// accepts leaked subscriptions.
    public func expects(_ kind: FindingKind) -> Bool {
        switch (self, kind) {
        case (.leak, .leakedSubscription), (.leak, .unreleasedObject): return true
        case (.cycle, .referenceCycle), (.cycle, .leakedSubscription), (.cycle, .unreleasedObject): return true
        case (.threadAnomaly, .threadAnomaly): return true
        default: return false
        }
    }

    /// Words for people ("hops reported", "timed out").
    public var displayName: String {
        switch self {
        case .clean: return "clean"
        case .leak: return "leak"
        case .cycle: return "cycle"
        case .hopsReported: return "hops reported"
        case .threadAnomaly: return "thread anomaly"
        case .crashed: return "crashed"
        case .timedOut: return "timed out"
        }
    }
}
