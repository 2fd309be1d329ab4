/// Places every path of a scenario's report against the repository root: call sites and
/// frames inside it become repository-relative, those outside keep a readable path without
/// the machine's folders, and compiler-generated code loses its (meaningless) location.
extension ScenarioReport {
    public func locatingPaths(in root: SourceRoot) -> ScenarioReport {
        var scenario = self
        for index in scenario.findings.indices {
            scenario.findings[index].callSite = scenario.findings[index].callSite.flatMap { $0.located(in: root) }
            scenario.findings[index].backtrace = scenario.findings[index].backtrace.map { $0.located(in: root) }
            if let via = scenario.findings[index].viaDependency {
                scenario.findings[index].viaDependency = via.location.located(in: root).map {
                    DependencyCall(package: via.package, location: $0)
                }
            }
            if let path = scenario.findings[index].retentionPath {
                scenario.findings[index].retentionPath?.steps = path.steps.map { $0.located(in: root) }
            }
            if let other = scenario.findings[index].anomaly?.otherBacktrace {
                scenario.findings[index].anomaly?.otherBacktrace = other.map { $0.located(in: root) }
            }
        }
        for index in scenario.cycles.indices {
            scenario.cycles[index].steps = scenario.cycles[index].steps.map { $0.located(in: root) }
        }
        for index in scenario.threadHops.indices {
            scenario.threadHops[index].callSite = scenario.threadHops[index].callSite.flatMap { $0.located(in: root) }
        }
        if let issues = scenario.testOutcome?.issues {
            scenario.testOutcome?.issues = issues.map { $0.located(in: root) }
        }
        for index in scenario.threadStacks.indices {
            scenario.threadStacks[index].frames = scenario.threadStacks[index].frames.map { $0.located(in: root) }
        }
        return scenario
    }
}

extension SourceLocation {
    /// Nil for compiler-generated code, which has no place a person can open.
    func located(in root: SourceRoot) -> SourceLocation? {
        guard fileBase == nil else { return self }
        let placed = root.locate(file)
        guard let path = placed.reportPath else { return nil }
        var located = self
        located.file = path
        located.fileBase = placed.base
        return located
    }
}

extension ReportCycle.Step {
    func located(in root: SourceRoot) -> ReportCycle.Step {
        var step = self
        step.location = location.flatMap { $0.located(in: root) }
        return step
    }
}

extension ReportFrame {
    func located(in root: SourceRoot) -> ReportFrame {
        guard fileBase == nil, let file else { return self }
        var frame = self
        let placed = root.locate(file)
        frame.file = placed.reportPath
        frame.fileBase = placed.base
        if placed == .compilerGenerated { frame.line = nil }
        return frame
    }
}

extension TestIssue {
    /// The test file repository-relative, as a finding's call site is; kept as the framework gave
    /// it when it cannot be placed.
    func located(in root: SourceRoot) -> TestIssue {
        guard let file else { return self }
        var issue = self
        issue.file = root.locate(file).reportPath ?? file
        return issue
    }
}
