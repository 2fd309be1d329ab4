/// A test's leak check in words, for the line under its name. A test declares no verdict, so a
/// scenario's "expected clean · got leak" would call a test a leak whose only finding is what the
/// harness keeps, work still queued, or an anomaly that does not fail the run.
enum TestLeakCheckText {
    /// "clean", "leak", "cycle"; "held by the test (not failing)", "still running after the
    /// test (not failing)"; a crashed or hung test's state.
    static func result(_ test: ScenarioReport) -> String {
        if test.status.isAbnormal || !test.failingFindings.isEmpty || test.findings.isEmpty {
            return test.actualVerdict.displayName
        }
        var standing: [String] = []
        func add(_ words: String) { if !standing.contains(words) { standing.append(words) } }
        for finding in test.findings {
            if finding.heldByTest == true {
                add("held by the test")
            } else if let rule = finding.suppressedBy {
                add(rule.isBuiltIn ? Self.builtInStanding(rule) : "suppressed")
            } else if finding.isNew == false {
                add("in the baseline")
            } else {
                add(finding.kind.noun(count: 1))
            }
        }
        return standing.joined(separator: ", ") + " (not failing)"
    }

    /// What one of `rxtrace test`'s own rules (its `file` names it) says of a finding: "still
    /// running after the test", "thread anomaly".
    private static func builtInStanding(_ rule: SuppressionRule) -> String {
        switch rule.file {
        case "rxtrace test: still running after the test": return "still running after the test"
        case "rxtrace test: thread anomalies": return "thread anomaly"
        default: return "accepted"
        }
    }
}
