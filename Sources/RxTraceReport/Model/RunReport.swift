import Foundation

/// The whole result of one rxtrace run: what every renderer reads, and what `report.json` holds.
public struct RunReport: Equatable, Sendable {
    /// `ReportSchema.currentVersion` when written by this build.
    public var schemaVersion: Int
    public var tool: ToolInfo
    public var generatedAt: Date
    public var host: HostInfo
    public var scenarios: [ScenarioReport]
    /// The suppression rules in force, each with how many findings it matched.
    public var suppressions: [SuppressionUsage]
    /// Set when the run was compared with a baseline.
    public var baseline: BaselineInfo?
    /// Set when SIGINT or SIGTERM stopped the run before every scenario finished.
    public var interruption: RunInterruption?
    /// What each entry of `scenarios` is: a scenario (`run`, `check`) or a test (`rxtrace test`).
    public var subject: RunSubject = .scenarios

    public init(
        schemaVersion: Int = ReportSchema.currentVersion,
        tool: ToolInfo = .rxtrace,
        generatedAt: Date = Date(),
        host: HostInfo = .current(),
        scenarios: [ScenarioReport],
        suppressions: [SuppressionUsage] = [],
        baseline: BaselineInfo? = nil,
        interruption: RunInterruption? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.tool = tool
        self.generatedAt = generatedAt
        self.host = host
        self.scenarios = scenarios
        self.suppressions = suppressions
        self.baseline = baseline
        self.interruption = interruption
    }

    /// Counts over all scenarios.
    public var summary: RunSummary { RunSummary(scenarios: scenarios, subject: subject) }

    /// Whether every selected scenario ran its passes to the end: the run was not interrupted
    /// and none crashed, hung or threw. Only then does "no findings" mean nothing leaked.
    public var everyScenarioFinished: Bool {
        interruption == nil && !scenarios.contains { $0.status.isAbnormal }
    }

    /// The CI gate: 0 passed, 1 findings, 3 crashed or timed out, 130 interrupted.
    public var gateOutcome: GateOutcome {
        if interruption != nil { return .interrupted }
        if scenarios.contains(where: \.isUnexpectedlyAbnormal) { return .abnormal }
        if scenarios.contains(where: { !$0.passed }) { return .findings }
        return .passed
    }
}

extension RunReport: Codable {
    private enum CodingKeys: String, CodingKey {
        case schemaVersion, tool, generatedAt, host, scenarios, suppressions, baseline, interruption, subject
        // Derived: written for readers, recomputed when read back.
        case summary, findingGroups
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let version = try c.decode(Int.self, forKey: .schemaVersion)
        guard (ReportSchema.oldestReadableVersion...ReportSchema.currentVersion).contains(version) else {
            throw DecodingError.dataCorruptedError(
                forKey: .schemaVersion,
                in: c,
                debugDescription:
                    "report schema version \(version) is not supported (this rxtrace reads \(ReportSchema.oldestReadableVersion)...\(ReportSchema.currentVersion))"
            )
        }
        self.init(
            schemaVersion: version,
            tool: try c.decode(ToolInfo.self, forKey: .tool),
            generatedAt: try c.decode(Date.self, forKey: .generatedAt),
            host: try c.decode(HostInfo.self, forKey: .host),
            scenarios: try c.decode([ScenarioReport].self, forKey: .scenarios),
            suppressions: try c.decodeIfPresent([SuppressionUsage].self, forKey: .suppressions) ?? [],
            baseline: try c.decodeIfPresent(BaselineInfo.self, forKey: .baseline),
            interruption: try c.decodeIfPresent(RunInterruption.self, forKey: .interruption)
        )
        subject = try c.decodeIfPresent(RunSubject.self, forKey: .subject) ?? .scenarios
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schemaVersion, forKey: .schemaVersion)
        try c.encode(tool, forKey: .tool)
        try c.encode(generatedAt, forKey: .generatedAt)
        try c.encode(host, forKey: .host)
        try c.encode(scenarios, forKey: .scenarios)
        try c.encode(suppressions, forKey: .suppressions)
        try c.encodeIfPresent(baseline, forKey: .baseline)
        try c.encodeIfPresent(interruption, forKey: .interruption)
        if subject != .scenarios { try c.encode(subject, forKey: .subject) }
        try c.encode(summary, forKey: .summary)
        try c.encode(findingGroups.groups, forKey: .findingGroups)
    }
}
