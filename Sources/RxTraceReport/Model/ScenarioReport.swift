/// The report of one scenario: what it expected, what it got, its counts, and its findings.
public struct ScenarioReport: Equatable, Sendable {
    public var name: String
    public var summary: String
    public var expectedVerdict: Verdict
    public var actualVerdict: Verdict
    public var status: ScenarioStatus
    /// Live counts around each pass, in order.
    public var passes: [PassCount]
    public var findings: [LeakFinding]
    /// The reference cycles that keep this scenario's leaks alive (one per distinct cycle; see
    /// `ReportCycle`), each explaining the `referenceCycle` finding with the same signature.
    public var cycles: [ReportCycle]
    /// The stages of each subscription chain the scenario ran, source first, with the
    /// scheduler and thread of each (see `ReportThreadHop`).
    public var threadHops: [ReportThreadHop]
    /// Hop sequences the scenario declared (`ScenarioContext.expectHops`) that no chain ran,
    /// each with what ran instead. Any fails the scenario.
    public var hopExpectationFailures: [String]
    /// The scenario process's stdout and stderr, kept when it crashed, failed or timed out.
    public var output: String?
    /// Where its threads were when it timed out (all threads) or crashed (the crashed thread);
    /// empty otherwise or when the stacks could not be captured.
    public var threadStacks: [ReportThreadStack]
    /// Wall-clock duration of the whole scenario, in seconds.
    public var durationSeconds: Double
    /// For a test of `rxtrace test`: what its framework recorded (passed, failed with its issues,
    /// skipped…), apart from the leak verdict. Nil for a scenario.
    public var testOutcome: TestOutcome?

    public init(
        name: String,
        summary: String,
        expectedVerdict: Verdict,
        actualVerdict: Verdict,
        status: ScenarioStatus,
        passes: [PassCount] = [],
        findings: [LeakFinding] = [],
        cycles: [ReportCycle] = [],
        threadHops: [ReportThreadHop] = [],
        hopExpectationFailures: [String] = [],
        output: String? = nil,
        threadStacks: [ReportThreadStack] = [],
        durationSeconds: Double = 0,
        testOutcome: TestOutcome? = nil
    ) {
        self.name = name
        self.summary = summary
        self.expectedVerdict = expectedVerdict
        self.actualVerdict = actualVerdict
        self.status = status
        self.passes = passes
        self.findings = findings
        self.cycles = cycles
        self.threadHops = threadHops
        self.hopExpectationFailures = hopExpectationFailures
        self.output = output
        self.threadStacks = threadStacks
        self.durationSeconds = durationSeconds
        self.testOutcome = testOutcome
    }

    /// Whether the verdict rxtrace gave is the one the scenario declared.
    public var verdictMatched: Bool { expectedVerdict == actualVerdict }

    /// Growth of the last pass (`after - before`), or 0 without passes.
    public var lastPassGrowth: Int { passes.last?.growth ?? 0 }

    /// Findings that fail the scenario: not suppressed, not in the baseline, and not what the
    /// expected verdict asks for.
    public var failingFindings: [LeakFinding] {
        findings.filter { $0.isActionable && !expectedVerdict.expects($0.kind) }
    }

    /// Why the scenario fails, one reason a line; empty when it passes.
    ///
    /// - An unexpected crash, hang or throwing body fails.
    /// - A finding fails unless it is suppressed, known to the baseline, or expected.
    /// - A scenario that expects a problem (leak, cycle, hops, anomaly, crash, timeout) fails
    ///   when it does not show it.
    /// - A scenario expected clean whose findings are all suppressed or in the baseline passes,
    ///   although its actual verdict still names what was found.
    public var failureReasons: [String] {
        var reasons: [String] = []
        // A failing assertion fails the run whatever the baseline and suppressions say.
        if let outcome = testOutcome, outcome.result == .failed {
            let first = outcome.failures.first.map { ": " + $0.message } ?? ""
            reasons.append("test failed" + first)
        }
        switch status {
        case .crashed where expectedVerdict != .crashed,
            .timedOut where expectedVerdict != .timedOut,
            .failed:
            reasons.append("\(testOutcome == nil ? "scenario" : "test") \(status.displayName)")
        default:
            break
        }
        let failing = failingFindings
        if !failing.isEmpty {
            // Counted by what their titles say is alive: a subject is no "leaked subscription".
            var totals: [(noun: LeakFinding, count: Int)] = []
            for finding in FindingKind.allCases.flatMap({ kind in failing.filter { $0.kind == kind } }) {
                if let index = totals.firstIndex(where: { $0.noun.noun(count: 1) == finding.noun(count: 1) }) {
                    totals[index].count += finding.count
                } else {
                    totals.append((finding, finding.count))
                }
            }
            let counts = totals.map { "\($0.count) \($0.noun.noun(count: $0.count))" }
            reasons.append("unexpected findings: \(counts.joined(separator: ", "))")
        }
        reasons += hopExpectationFailures
        if expectedVerdict != .clean, !verdictMatched,
            !status.isAbnormal || expectedVerdict == .crashed || expectedVerdict == .timedOut
        {
            reasons.append("expected verdict \(expectedVerdict.displayName), got \(actualVerdict.displayName)")
        }
        return reasons
    }

    /// Whether the scenario passes the CI gate.
    public var passed: Bool { failureReasons.isEmpty }
}

extension ScenarioReport: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, summary, expectedVerdict, actualVerdict, status, passes, findings, cycles, threadHops,
            hopExpectationFailures, output, threadStacks, durationSeconds, testOutcome
        // Derived: written for readers of the JSON, recomputed (not trusted) when read back.
        case verdictMatched, passed, failureReasons
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try c.decode(String.self, forKey: .name),
            summary: try c.decode(String.self, forKey: .summary),
            expectedVerdict: try c.decode(Verdict.self, forKey: .expectedVerdict),
            actualVerdict: try c.decode(Verdict.self, forKey: .actualVerdict),
            status: try c.decode(ScenarioStatus.self, forKey: .status),
            passes: try c.decode([PassCount].self, forKey: .passes),
            findings: try c.decode([LeakFinding].self, forKey: .findings),
            cycles: try c.decodeIfPresent([ReportCycle].self, forKey: .cycles) ?? [],
            threadHops: try c.decodeIfPresent([ReportThreadHop].self, forKey: .threadHops) ?? [],
            hopExpectationFailures: try c.decodeIfPresent([String].self, forKey: .hopExpectationFailures) ?? [],
            output: try c.decodeIfPresent(String.self, forKey: .output),
            threadStacks: try c.decodeIfPresent([ReportThreadStack].self, forKey: .threadStacks) ?? [],
            durationSeconds: try c.decode(Double.self, forKey: .durationSeconds),
            testOutcome: try c.decodeIfPresent(TestOutcome.self, forKey: .testOutcome)
        )
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(summary, forKey: .summary)
        try c.encode(expectedVerdict, forKey: .expectedVerdict)
        try c.encode(actualVerdict, forKey: .actualVerdict)
        try c.encode(status, forKey: .status)
        try c.encode(passes, forKey: .passes)
        try c.encode(findings, forKey: .findings)
        try c.encode(cycles, forKey: .cycles)
        try c.encode(threadHops, forKey: .threadHops)
        if !hopExpectationFailures.isEmpty { try c.encode(hopExpectationFailures, forKey: .hopExpectationFailures) }
        try c.encodeIfPresent(output, forKey: .output)
        if !threadStacks.isEmpty { try c.encode(threadStacks, forKey: .threadStacks) }
        try c.encode(durationSeconds, forKey: .durationSeconds)
        try c.encodeIfPresent(testOutcome, forKey: .testOutcome)
        try c.encode(verdictMatched, forKey: .verdictMatched)
        try c.encode(passed, forKey: .passed)
        try c.encode(failureReasons, forKey: .failureReasons)
    }
}
