/// The kind of a leak finding; each maps to one SARIF rule.
public enum FindingKind: String, Codable, CaseIterable, Sendable {
    /// Subscriptions still alive after the measured passes (SARIF rule RX001).
    case leakedSubscription
    /// A reference cycle through sinks, closures and user objects (RX002).
    case referenceCycle
    /// A thread anomaly: overlapping `on` calls or delivery on the wrong thread (RX003).
    case threadAnomaly
    /// An object the scenario marked as expected to be released is still alive (RX004).
    case unreleasedObject

    /// What usually fixes a finding of this kind, in one line (renderers use `LeakFinding.fixHint`,
    /// which is specific to the anomaly for a thread anomaly).
    public var fixHint: String {
        switch self {
        case .leakedSubscription:
            return
                "Dispose it with the owner: add `.disposed(by: disposeBag)`, or end it with `take(until:)` on the owner's lifetime."
        case .referenceCycle:
            return
                "Break the cycle at the reference marked to break: where a closure of yours captures its owner, capture it weakly (`[weak self]`); where a subscription is on the cycle, dispose it."
        case .threadAnomaly:
            // Each anomaly has its own fix (`LeakFinding.fixHint`); this is for a kind it does not know.
            return "Read the anomaly's detail and both sides' threads: each kind of anomaly has its own fix."
        case .unreleasedObject:
            return
                "Something still holds it: look for a strong `self` captured by a subscription (`[weak self]`) or one never disposed (`disposed(by:)`)."
        }
    }

    /// "leaked subscription" / "leaked subscriptions", for headlines.
    public func noun(count: Int) -> String {
        let one = count == 1
        switch self {
        case .leakedSubscription: return one ? "leaked subscription" : "leaked subscriptions"
        case .referenceCycle: return one ? "reference cycle" : "reference cycles"
        case .threadAnomaly: return one ? "thread anomaly" : "thread anomalies"
        case .unreleasedObject: return one ? "unreleased object" : "unreleased objects"
        }
    }
}
