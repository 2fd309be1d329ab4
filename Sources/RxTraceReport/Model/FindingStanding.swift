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
    /// Every scenario or test that showed this finding (its signature), `scenario` first.
    public var seenIn: [String] = []
    /// Whether `scenario` is a scenario or a test, for naming `seenIn`.
    public var subject: RunSubject = .scenarios
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
    /// Every distinct finding once (one bug, one entry: `FindingGroups`), failing ones first, then
    /// expected ones, then accepted ones; in scenario order within each. A finding seen in several
    /// scenarios or tests is shown as where it stands worst, first seen there, naming them all.
    public var findingsForReview: [ReviewedFinding] {
        let groups = findingGroups
        let all = scenarios.flatMap { scenario in
            scenario.findings.map {
                ReviewedFinding(scenario: scenario, finding: $0, standing: scenario.standing(of: $0))
            }
        }
        var seen: Set<String> = []
        return FindingStanding.allCases.flatMap { standing in all.filter { $0.standing == standing } }
            .compactMap { reviewed in
                let group = groups.group(of: reviewed.finding, in: reviewed.scenario)
                guard seen.insert(FindingGroups.key(reviewed.finding, in: reviewed.scenario)).inserted else {
                    return nil
                }
                var reviewed = reviewed
                let others = group?.seenIn ?? []
                reviewed.seenIn = [reviewed.scenario.name] + others.filter { $0 != reviewed.scenario.name }
                reviewed.subject = subject
                return reviewed
            }
    }
}
