/// A Markdown summary (`rxtrace.md`) sized for a CI job summary or a pull-request comment:
/// the gate's result, the failing findings with their call site, source and fix, the expected
/// and accepted ones folded, the scenarios table, and which file holds the rest. It stays under
/// `maximumCharacters` (GitHub caps a comment at 65,536): findings that do not fit are counted,
/// not cut in half.
public struct MarkdownReportRenderer: Sendable {
    /// Room for the whole summary, in characters.
    public var maximumCharacters: Int
    /// Failing findings shown with their source; the rest are listed in the table only.
    public var findingsWithSource: Int

    /// Rows per findings table; the rest are counted.
    public var tableRows: Int

    public init(maximumCharacters: Int = 60_000, findingsWithSource: Int = 10, tableRows: Int = 50) {
        self.maximumCharacters = maximumCharacters
        self.findingsWithSource = findingsWithSource
        self.tableRows = tableRows
    }

    public func render(_ report: RunReport) -> String {
        let review = report.findingsForReview
        let failing = review.filter { $0.standing == .failing }
        let mark = report.gateOutcome == .passed ? "✅" : "❌"
        var head =
            "## \(mark) \(report.tool.name): \(prose(TextReportRenderer(colour: false).summaryLine(report).replacingOccurrences(of: "Summary: ", with: "")))\n\n"
        if let baseline = report.baseline {
            head +=
                "Baseline `\(code(baseline.path))`: \(baseline.newFindings) new, \(baseline.knownFindings) known, \(baseline.absentSignatures.count) no longer seen."
            if let kept = baseline.keptUnverifiedSignatures {
                head += " Updated from a partial run: kept \(ReportNumbers.count(kept, "signature")) it did not see."
            }
            head += "\n\n"
        }
        if let interruption = report.interruption {
            head +=
                "⚠️ \(prose(interruption.displayText(for: report.subject))); the report holds the \(report.subject.noun)s that finished.\n\n"
        }
        if let note = report.host.heapGraphNote { head += "\(prose(note))\n\n" }
        let tail =
            "\nThe full report, findings first with source and backtraces: `rxtrace.html` (also `rxtrace.txt`, `rxtrace.json`, `rxtrace.sarif`, `rxtrace.junit.xml`).\n"

        var blocks: [String] = []
        // A test run's failing tests come first, with their framework's messages: above the leaks.
        let failedTests = report.scenarios.filter { $0.testOutcome?.result == .failed }
        if !failedTests.isEmpty {
            var block = "### Failed tests\n\n"
            for test in failedTests.prefix(tableRows) { block += failedTest(test) }
            if failedTests.count > tableRows {
                block += "_… and \(failedTests.count - tableRows) more failed tests._\n\n"
            }
            blocks.append(block)
        }
        let stopped = report.scenarios.filter(\.isUnexpectedlyAbnormal)
        if !stopped.isEmpty {
            var block = "### Stopped (crashed, timed out or threw)\n\n"
            for scenario in stopped.prefix(findingsWithSource) { block += stop(scenario) }
            if stopped.count > findingsWithSource {
                block +=
                    "_… and \(stopped.count - findingsWithSource) more stopped \(report.subject.pluralTitle.lowercased())._\n\n"
            }
            blocks.append(block)
        }
        if !failing.isEmpty {
            var table = "### Failing\n\n| Finding | Call site | Growth | \(report.subject.title) |\n|---|---|---|---|\n"
            for reviewed in failing.prefix(tableRows) { table += row(reviewed) }
            if failing.count > tableRows { table += "\n_… and \(failing.count - tableRows) more failing findings._\n" }
            blocks.append(table + "\n")
            for reviewed in failing.prefix(findingsWithSource) { blocks.append(detail(reviewed)) }
        }
        // What does not fail, one folded table per reason, each titled with what it is (issue 31:
        // "suppressed" only for the team's file; held by the test and still running apart).
        let expected = review.filter { $0.standing == .expected }
        var sections: [(title: String, findings: [ReviewedFinding])] = [
            ("Expected (the scenario declares them)", expected)
        ]
        let notFailing = review.filter { $0.standing == .accepted || $0.standing == .heldByTest }
        for reason in NotFailingReason.allCases {
            sections.append((reason.heading, notFailing.filter { NotFailingReason($0.finding) == reason }))
        }
        for (title, group) in sections where !group.isEmpty {
            var block =
                "<details><summary>\(title): \(group.count)</summary>\n\n| Finding | Call site | Growth | \(report.subject.title) |\n|---|---|---|---|\n"
            for reviewed in group.prefix(tableRows) { block += row(reviewed) }
            if group.count > tableRows { block += "\n_… and \(group.count - tableRows) more._\n" }
            blocks.append(block + "\n</details>\n\n")
        }
        // A test's expected verdict is always clean: its outcome takes that column, and its leak
        // check (as the text report words it: "held by the test (not failing)") its verdict's.
        let isTestRun = report.subject == .tests
        var scenarios =
            "<details><summary>\(report.subject.pluralTitle): \(report.scenarios.count)</summary>\n\n| \(report.subject.title) | \(isTestRun ? "Outcome" : "Verdict") | \(isTestRun ? "Leak check" : "Expected") | Result |\n|---|---|---|---|\n"
        for scenario in report.scenarios {
            let result =
                scenario.passed ? "pass" : (scenario.isUnexpectedlyAbnormal ? scenario.status.shortName : "**fail**")
            let columns =
                isTestRun
                ? [scenario.testResult.displayName, TestLeakCheckText.result(scenario)]
                : [scenario.actualVerdict.displayName, scenario.expectedVerdict.displayName]
            scenarios += "| \(cell(scenario.name)) | \(columns[0]) | \(columns[1]) | \(result) |\n"
        }
        blocks.append(scenarios + "\n</details>\n")

        var out = head
        var left = 0
        for (index, block) in blocks.enumerated() {
            if out.count + block.count + tail.count + 80 > maximumCharacters {
                left = blocks.count - index
                break
            }
            out += block
        }
        if left > 0 { out += "\n_\(left) more sections did not fit in this summary._\n" }
        return out + tail
    }

    /// A failed test: its name, then each failing issue with its place and its framework's
    /// message (a message of several lines as a block).
    private func failedTest(_ test: ScenarioReport) -> String {
        var out = "**\(cell(test.name))**\n\n"
        for issue in test.testOutcome?.failures ?? [] {
            let place = TestOutcomeText.place(issue).map { " at `\(code($0))`" } ?? ""
            let head = "- \(TestOutcomeText.label(issue))\(place)"
            if issue.message.contains("\n") {
                let fence = issue.message.contains("```") ? "~~~~" : "```"
                out += head + ":\n\n  \(fence)\n"
                out += issue.message.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)\n" }
                    .joined()
                out += "  \(fence)\n"
            } else {
                out += head + ": \(cell(issue.message))\n"
            }
        }
        if let difference = test.testOutcome?.rerunDifference {
            out += "- second run differed: \(cell(difference))\n"
        }
        return out + "\n"
    }

    /// A stopped scenario: how it ended, the line each thread in user code waited or crashed
    /// at, and the source there (first thread).
    private func stop(_ scenario: ScenarioReport) -> String {
        var out = "**\(cell(scenario.name))**: \(cell(scenario.status.displayName))\n\n"
        guard let stop = ScenarioStop(scenario) else {
            if case .failed = scenario.status { return out }
            return out
                + "Where it stopped is unknown: no thread stacks were captured (its output is in `rxtrace.txt`).\n\n"
        }
        for thread in stop.threadsInUserCode {
            guard let frame = thread.userFrame else { continue }
            out +=
                "- \(cell(thread.label)) \(stop.verb) at `\(code(frame.fileAndLine ?? "an unknown line"))` in `\(code(frame.function))`\n"
        }
        if stop.threadsInUserCode.isEmpty {
            out += "- \(cell(stop.placeLine))\n"
        } else if stop.otherThreadCount > 0 {
            out += "- \(ReportNumbers.count(stop.otherThreadCount, "other thread")) not in user code\n"
        }
        out += "\n"
        if let snippet = stop.threadsInUserCode.first?.snippet { out += fenced(snippet) }
        return out
    }

    private func row(_ reviewed: ReviewedFinding) -> String {
        let finding = reviewed.finding
        let site =
            finding.callSite.map { site in
                "`\(code(site.fileAndLine))`" + (site.function.map { " in `\(code($0))`" } ?? "")
                    + (site.mergedFunction == true ? " (\(SourceLocation.mergedFunctionShortNote))" : "")
            } ?? ReportFrame.mergedCallSite(in: finding.backtrace).map {
                "`\(code($0.function))` (\(cell($0.fileAndLineNoted ?? "")))"
            } ?? "—"
        return
            "| \(cell(finding.headline)) | \(site) | \(ReportNumbers.signed(finding.growthPerPass)) per pass | \(cell(reviewed.seenInCell)) |\n"
    }

    private func detail(_ reviewed: ReviewedFinding) -> String {
        let finding = reviewed.finding
        var out = "#### \(cell(finding.headline))\n\n"
        if let site = finding.callSite {
            out += "`\(code(site.fileAndLine))`" + (site.function.map { " in `\(code($0))`" } ?? "") + "\n\n"
        }
        if let via = finding.viaDependency { out += "\(cell(via.text)).\n\n" }
        if let note = finding.mergedFunctionNote { out += "\(cell(note)).\n\n" }
        if let snippet = finding.snippet { out += fenced(snippet) }
        if let reason = finding.retentionReason { out += "Why: \(cell(reason)).\n\n" }
        let cycle = reviewed.scenario.cycles.first { $0.signature == finding.signature }
        if finding.kind == .referenceCycle, let instances = cycle.flatMap(ReferenceTraceText.instancesAlive) {
            out += "\(cell(instances.prefix(1).uppercased() + instances.dropFirst())).\n\n"
        }
        if reviewed.seenIn.count > 1 {
            out += "\(cell(reviewed.seenInCell.prefix(1).uppercased() + reviewed.seenInCell.dropFirst())).\n\n"
        }
        out += "**Fix:** \(cell(finding.fixHint))\n\n"
        if let patch = finding.patch { out += MarkdownFindingPatch.block(patch, cell: cell) }
        return out
    }

    /// The source around a line as a fenced block, the line marked with an arrow.
    private func fenced(_ snippet: SourceSnippet) -> String {
        let fence = snippet.lines.contains { $0.contains("```") } ? "~~~~" : "```"
        var out = "\(fence)swift\n"
        for (number, text) in snippet.numberedLines {
            out += (number == snippet.highlightedLine ? "→ " : "  ") + "\(number) " + text + "\n"
        }
        return out + "\(fence)\n\n"
    }

    private func cell(_ text: String) -> String { MarkdownText.cell(text) }

    private func code(_ text: String) -> String { MarkdownText.code(text) }

    private func prose(_ text: String) -> String { MarkdownText.prose(text) }
}
