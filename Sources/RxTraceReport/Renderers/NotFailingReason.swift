/// Why a finding that is reported does not fail the run, in the words every format uses for it.
/// Issue 31: "suppressed" is said only of a match in the team's suppressions file; what the test
/// harness keeps is "held by the test"; work still running after a test is its own verdict. One
/// table of words, so the text's leak check, Markdown's sections and HTML's badges cannot drift.
enum NotFailingReason: CaseIterable {
    /// A rule of the team's suppressions file matched it.
    case suppressed
    /// The baseline knew it before this run.
    case inBaseline
    /// Only the test harness keeps it (a test case's stored property).
    case heldByTest
    /// The drain gave up while the test's work was still running (`rxtrace test`'s own rule).
    case stillRunning
    /// A thread anomaly seen during a test (`rxtrace test`'s own rule; `--strict` fails on it).
    case threadAnomaly
    /// Another rule of rxtrace's own, should one be added without words here.
    case otherRule

    /// Nil for a finding that fails or that the scenario declares (it stands for itself). A
    /// suppressions-file match wins over the baseline: the rule, not the history, decided.
    init?(_ finding: LeakFinding) {
        if finding.heldByTest == true {
            self = .heldByTest
        } else if let rule = finding.suppressedBy {
            switch rule.file {
            case _ where !rule.isBuiltIn: self = .suppressed
            case "rxtrace test: still running after the test": self = .stillRunning
            case "rxtrace test: thread anomalies": self = .threadAnomaly
            default: self = .otherRule
            }
        } else if finding.isNew == false {
            self = .inBaseline
        } else {
            return nil
        }
    }

    /// What the text report's leak check says of a test: "held by the test (not failing)".
    var words: String {
        switch self {
        case .suppressed: return "suppressed"
        case .inBaseline: return "in the baseline"
        case .heldByTest: return "held by the test"
        case .stillRunning: return "still running after the test"
        case .threadAnomaly: return "thread anomaly"
        case .otherRule: return "accepted"
        }
    }

    /// A section of findings for this reason (Markdown's folded tables), saying what holds them
    /// back from failing.
    var heading: String {
        switch self {
        case .suppressed: return "Suppressed (matched by your suppressions file)"
        case .inBaseline: return "In the baseline (known before this run)"
        case .heldByTest: return "Held by the test (released with the test case; --strict fails on them)"
        case .stillRunning:
            return "Still running after the test (not failing: what is alive depends on when it is measured)"
        case .threadAnomaly: return "Thread anomalies seen during a test (not failing; --strict fails on them)"
        case .otherRule: return "Accepted by rxtrace's own rules (not failing)"
        }
    }
}
