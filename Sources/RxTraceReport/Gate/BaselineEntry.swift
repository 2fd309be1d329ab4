/// One accepted finding in a baseline file: its signature (the key that matches findings, stable
/// across unrelated edits) and, for the reviewer of the commit that accepts it, what it is: its
/// kind, its chain, where it was subscribed, and the tests or scenarios it was seen in.
///
/// JSON: `{"signature": "7310734c54798f41", "kind": "leakedSubscription", "chain": "interval → map
/// → subscribe", "callSite": "Sources/App/Feed.swift:42", "seenIn": ["AppTests.FeedTests/testX"]}`.
/// A signature read from a file written before entries carried these has only `signature`.
public struct BaselineEntry: Codable, Equatable, Sendable {
    public var signature: String
    public var kind: FindingKind?
    /// The operator chain, source first ("interval → map → subscribe").
    public var chain: String?
    /// The call site when it was accepted, `file:line` (the line may have moved since: only the
    /// signature matches).
    public var callSite: String?
    /// The tests or scenarios it was seen in, sorted.
    public var seenIn: [String]

    public init(
        signature: String,
        kind: FindingKind? = nil,
        chain: String? = nil,
        callSite: String? = nil,
        seenIn: [String] = []
    ) {
        self.signature = signature
        self.kind = kind
        self.chain = chain
        self.callSite = callSite
        self.seenIn = seenIn
    }

    /// `finding` as `scenario` showed it.
    init(_ finding: LeakFinding, in scenario: ScenarioReport) {
        self.init(
            signature: finding.signature,
            kind: finding.kind,
            chain: finding.operatorChain.isEmpty ? nil : finding.chainDescription,
            callSite: finding.callSite?.fileAndLine,
            seenIn: [scenario.name]
        )
    }

    /// This entry, also seen where `other` (same signature) was.
    func merging(_ other: BaselineEntry) -> BaselineEntry {
        var merged = self
        merged.seenIn = Array(Set(seenIn).union(other.seenIn)).sorted()
        merged.kind = kind ?? other.kind
        merged.chain = chain ?? other.chain
        merged.callSite = callSite ?? other.callSite
        return merged
    }
}
