/// A test run's counts, outcome and leaks apart: how many tests passed, failed, were skipped,
/// had only known issues, crashed or hung (as their framework or the test process ended them),
/// and how many leak. A test can both fail and leak; the outcome counts add up to `tests`.
///
/// JSON (`summary.tests`): `{"tests": 120, "passed": 112, "failed": 3, "skipped": 2,
/// "knownIssues": 1, "crashed": 1, "hung": 1, "leaking": 3, "newLeaking": 2}`.
public struct TestCounts: Codable, Equatable, Sendable {
    public var tests: Int
    public var passed: Int
    public var failed: Int
    public var skipped: Int
    public var knownIssues: Int
    public var crashed: Int
    public var hung: Int
    /// Tests with a finding that is not suppressed: failing, or accepted by the baseline.
    public var leaking: Int
    /// Tests whose findings fail the run: absent from the baseline (every leaking test when the
    /// run has no baseline).
    public var newLeaking: Int

    public init(tests: [ScenarioReport]) {
        let results = tests.map(\.testResult)
        func count(_ result: TestOutcome.Result) -> Int { results.filter { $0 == result }.count }
        self.tests = tests.count
        self.passed = count(.passed)
        self.failed = count(.failed)
        self.skipped = count(.skipped)
        self.knownIssues = count(.knownIssue)
        self.crashed = count(.crashed)
        self.hung = count(.hung)
        self.leaking = tests.filter(\.isLeaking).count
        self.newLeaking = tests.filter { !$0.failingFindings.isEmpty }.count
    }
}

extension ScenarioReport {
    /// The test's result: what its framework recorded, or, in a report written before tests
    /// carried one, what the test process's end says (a crash, a hang, else passed).
    public var testResult: TestOutcome.Result {
        if let testOutcome { return testOutcome.result }
        switch status {
        case .crashed: return .crashed
        case .timedOut: return .hung
        case .failed: return .failed
        default: return .passed
        }
    }

    /// Whether a finding of this test or scenario is not suppressed (it fails, or the baseline
    /// accepts it).
    public var isLeaking: Bool { findings.contains { $0.suppressedBy == nil } }
}
