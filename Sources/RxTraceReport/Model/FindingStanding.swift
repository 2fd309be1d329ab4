/// Where a finding stands for a reviewer: what fails the run first, then what the scenario
/// expected, then what a team has accepted.
public enum FindingStanding: String, Codable, CaseIterable, Sendable {
    /// Fails the run: not suppressed, not in the baseline, not what the scenario expects.
    case failing
    /// What the scenario declares it shows (a leaky example, "expected leak").
    case expected
    /// Suppressed by a rule or known to the baseline.
    case accepted
    /// Kept only by the test harness (`LeakFinding.heldByTest`): reported, failing only under
    /// `--strict`.
    case heldByTest

    /// The badge a report shows: "fails", "expected leak", "accepted", "held by the test".
    public func label(for kind: FindingKind) -> String {
        switch self {
        case .failing: return "fails"
        case .expected: return kind == .leakedSubscription ? "expected leak" : "expected"
        case .accepted: return "accepted"
        case .heldByTest: return "held by the test"
        }
    }
}

/// One finding with its scenario, in review order.
public struct ReviewedFinding: Sendable {
    public var scenario: ScenarioReport
    public var finding: LeakFinding
    public var standing: FindingStanding
}

extension ScenarioReport {
    /// Where `finding` (one of this scenario's) stands.
    public func standing(of finding: LeakFinding) -> FindingStanding {
        if finding.heldByTest == true && !finding.isActionable { return .heldByTest }
        guard finding.isActionable else { return .accepted }
        return expectedVerdict.expects(finding.kind) ? .expected : .failing
    }
}

extension RunReport {
    /// Every finding, failing ones first, then expected ones, then accepted ones; in scenario
    /// order within each.
    public var findingsForReview: [ReviewedFinding] {
        let all = scenarios.flatMap { scenario in
            scenario.findings.map {
                ReviewedFinding(scenario: scenario, finding: $0, standing: scenario.standing(of: $0))
            }
        }
        return FindingStanding.allCases.flatMap { standing in all.filter { $0.standing == standing } }
    }
}
