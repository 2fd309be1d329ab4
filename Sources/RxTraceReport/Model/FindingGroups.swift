/// One bug, however many scenarios or tests showed it: the findings of a report that share a
/// signature. Reports show it once, in full, where it was first seen (report order), with the
/// names of every scenario or test that showed it; the others point at that entry.
public struct FindingGroup: Codable, Equatable, Sendable {
    public var signature: String
    public var kind: FindingKind
    /// The first finding's headline ("1 leaked subscription · subscribe").
    public var headline: String
    /// The scenarios or tests that showed it, in report order: the first holds the full entry.
    public var seenIn: [String]
    /// Its count in each of them, summed.
    public var count: Int

    public init(signature: String, kind: FindingKind, headline: String, seenIn: [String], count: Int) {
        self.signature = signature
        self.kind = kind
        self.headline = headline
        self.seenIn = seenIn
        self.count = count
    }

    /// Where its full entry is.
    public var firstSeenIn: String { seenIn[0] }

    /// "seen in 3 tests: A, B, C"
    public func seenInText(_ subject: RunSubject) -> String {
        Self.seenInText(seenIn, subject)
    }

    static func seenInText(_ names: [String], _ subject: RunSubject) -> String {
        "seen in \(ReportNumbers.count(names.count, subject.noun)): \(names.joined(separator: ", "))"
    }
}

/// The report's findings grouped by signature, in the order they first appear. A finding held
/// by a reference cycle (an object declared with `expectReleased`) is grouped with the findings
/// of the same signature on the same cycle only: the same object kept by another cycle is
/// another bug with another fix.
public struct FindingGroups: Equatable, Sendable {
    public let groups: [FindingGroup]
    /// What the names in `seenIn` are.
    public let subject: RunSubject
    private let indexByKey: [String: Int]

    public init(_ scenarios: [ScenarioReport], subject: RunSubject) {
        var groups: [FindingGroup] = []
        var index: [String: Int] = [:]
        for scenario in scenarios {
            for finding in scenario.findings {
                let key = Self.key(finding, in: scenario)
                if let at = index[key] {
                    if groups[at].seenIn.last != scenario.name { groups[at].seenIn.append(scenario.name) }
                    groups[at].count += finding.count
                    continue
                }
                index[key] = groups.count
                groups.append(
                    FindingGroup(
                        signature: finding.signature,
                        kind: finding.kind,
                        headline: finding.headline,
                        seenIn: [scenario.name],
                        count: finding.count
                    )
                )
            }
        }
        self.groups = groups
        self.subject = subject
        indexByKey = index
    }

    /// The signature, and the cycle's when a cycle of `scenario` holds the finding.
    static func key(_ finding: LeakFinding, in scenario: ScenarioReport) -> String {
        guard finding.kind != .referenceCycle, let reason = finding.retentionReason,
            let cycle = scenario.cycles.first(where: { reason.hasPrefix("on reference cycle \($0.signature)") })
        else { return finding.signature }
        return finding.signature + "@" + cycle.signature
    }

    /// The group `finding` (one of `scenario`'s) belongs to.
    public func group(of finding: LeakFinding, in scenario: ScenarioReport) -> FindingGroup? {
        indexByKey[Self.key(finding, in: scenario)].map { groups[$0] }
    }

    /// The group of `finding` when it was seen in more than one scenario or test.
    public func shared(_ finding: LeakFinding, in scenario: ScenarioReport) -> FindingGroup? {
        group(of: finding, in: scenario).flatMap { $0.seenIn.count > 1 ? $0 : nil }
    }

    /// "seen in 3 tests: A, B, C" for a finding seen in more than one scenario or test.
    public func seenInText(_ finding: LeakFinding, in scenario: ScenarioReport) -> String? {
        shared(finding, in: scenario)?.seenInText(subject)
    }

    /// Where the full entry of `finding` is, when `scenario` shows it but is not that place.
    public func entry(of finding: LeakFinding, otherThan scenario: ScenarioReport) -> String? {
        guard let group = shared(finding, in: scenario), group.firstSeenIn != scenario.name else { return nil }
        return group.firstSeenIn
    }
}

extension RunReport {
    /// Every distinct finding, by signature, with where it was seen.
    public var findingGroups: FindingGroups { FindingGroups(scenarios, subject: subject) }
}

extension ReviewedFinding {
    /// Where it was seen, for a table cell or a line: the scenario's or test's name, or
    /// "seen in 3 tests: A, B, C".
    public var seenInCell: String {
        guard seenIn.count > 1 else { return scenario.name }
        return FindingGroup.seenInText(seenIn, subject)
    }
}
