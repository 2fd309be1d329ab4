/// Counts over a whole run, derived from its scenarios.
public struct RunSummary: Codable, Equatable, Sendable {
    public var scenarios: Int
    public var passed: Int
    public var failed: Int
    /// Scenarios that crashed, timed out or threw without that being expected.
    public var abnormal: Int
    public var verdictMismatches: Int
    /// Finding groups, all kinds.
    public var findings: Int
    /// Leaked subscriptions (summing group counts): findings whose alive objects are a sink or
    /// observer chain.
    public var leakedSubscriptions: Int
    /// What the other leak findings found alive, by kind (`observable`, `bag`, `subject`, …),
    /// summing counts: a test case's property holding an observable is not a subscription.
    public var leakedOther: [LeakedThing: Int]
    public var referenceCycles: Int
    /// Distinct thread anomalies (by signature across the run), not their occurrences.
    public var threadAnomalies: Int
    public var unreleasedObjects: Int
    /// Finding groups a suppressions file's rule matched (not rxtrace's own rules).
    public var suppressedFindings: Int
    /// Finding groups only the test harness keeps (`LeakFinding.heldByTest`).
    public var heldByTest: Int
    /// Finding groups absent from the baseline (0 without a baseline).
    public var newFindings: Int
    /// Finding groups that fail the run.
    public var failingFindings: Int
    /// A test run's outcome and leak counts (`rxtrace test`); nil for scenarios.
    public var tests: TestCounts?

    public init(scenarios: [ScenarioReport], subject: RunSubject = .scenarios) {
        let findings = scenarios.flatMap(\.findings)
        func total(_ kind: FindingKind) -> Int {
            findings.filter { $0.kind == kind }.reduce(0) { $0 + $1.count }
        }
        self.scenarios = scenarios.count
        self.passed = scenarios.filter(\.passed).count
        self.failed = scenarios.count - passed
        self.abnormal = scenarios.filter(\.isUnexpectedlyAbnormal).count
        self.verdictMismatches = scenarios.filter { !$0.verdictMatched }.count
        self.findings = findings.count
        var subscriptions = 0
        var other: [LeakedThing: Int] = [:]
        for finding in findings where finding.kind == .leakedSubscription {
            let thing = finding.leaked ?? .subscription
            if thing == .subscription {
                subscriptions += finding.count
            } else {
                other[thing, default: 0] += finding.count
            }
        }
        self.leakedSubscriptions = subscriptions
        self.leakedOther = other
        self.referenceCycles = total(.referenceCycle)
        // Places, once each across the run: a race reaches its place a number of times that
        // changes from run to run (a finding's count says how often it did this time).
        self.threadAnomalies =
            Set(
                scenarios.flatMap { scenario in
                    scenario.findings.filter { $0.kind == .threadAnomaly }.map { FindingGroups.key($0, in: scenario) }
                }
            ).count
        self.unreleasedObjects = total(.unreleasedObject)
        self.suppressedFindings = findings.filter { $0.suppressedBy.map { !$0.isBuiltIn } ?? false }.count
        self.heldByTest = findings.filter { $0.heldByTest == true }.count
        self.newFindings = findings.filter { $0.isNew == true && $0.suppressedBy == nil }.count
        self.failingFindings = scenarios.reduce(0) { $0 + $1.failingFindings.count }
        self.tests = subject == .tests ? TestCounts(tests: scenarios) : nil
    }
}

extension ScenarioReport {
    /// Crashed, timed out or threw, and the scenario did not declare that it would.
    public var isUnexpectedlyAbnormal: Bool {
        switch status {
        case .crashed: return expectedVerdict != .crashed
        case .timedOut: return expectedVerdict != .timedOut
        case .failed: return true
        default: return false
        }
    }
}
