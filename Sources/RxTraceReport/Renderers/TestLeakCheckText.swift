/// A test's leak check in words, for the line under its name and the tests tables' column. A
/// test declares no verdict, so a scenario's "expected clean · got leak" would call a test a leak
/// whose only finding is what the harness keeps, work still queued, or an anomaly that does not
/// fail the run.
enum TestLeakCheckText {
    /// "clean", "leak", "cycle"; "held by the test (not failing)", "still running after the
    /// test (not failing)"; a crashed or hung test's state.
    static func result(_ test: ScenarioReport) -> String {
        if test.status.isAbnormal || !test.failingFindings.isEmpty || test.findings.isEmpty {
            return test.actualVerdict.displayName
        }
        var standing: [String] = []
        for finding in test.findings {
            let words = NotFailingReason(finding)?.words ?? finding.kind.noun(count: 1)
            if !standing.contains(words) { standing.append(words) }
        }
        return standing.joined(separator: ", ") + " (not failing)"
    }
}
