/// The terminal report, LeakCanary-like: per finding a headline, the call site, growth,
/// retention reason and a backtrace with Rx-internal frames folded, then a summary line.
/// ANSI colour only when asked for (the CLI passes whether stdout is a TTY).
public struct TextReportRenderer: Sendable {
    public var colour: Bool

    public init(colour: Bool = false) {
        self.colour = colour
    }

    public func render(_ report: RunReport) -> String {
        body(report, failingOnly: false) + "\n" + summaryLine(report) + "\n"
    }

    /// The report without its summary line: the header, then every scenario or test, or with
    /// `failingOnly` only those that fail the run (what a terminal shows of a test run: the
    /// failing tests with their messages and findings; the file holds the rest).
    public func body(_ report: RunReport, failingOnly: Bool) -> String {
        var out =
            "\(paint(report.tool.nameAndVersion, .bold)) · \(ReportNumbers.count(report.scenarios.count, report.subject.noun)) · \(report.host.operatingSystem) \(report.host.architecture)\n"
        if let note = report.host.heapGraphNote { out += note + "\n" }
        if let baseline = report.baseline {
            out +=
                "baseline \(baseline.path): \(ReportNumbers.count(baseline.signatureCount, "known signature")), \(baseline.newFindings) new, \(baseline.knownFindings) known"
            out += baseline.absentSignatures.isEmpty ? "\n" : ", \(baseline.absentSignatures.count) no longer seen\n"
            if let kept = baseline.keptUnverifiedSignatures {
                out +=
                    "baseline \(baseline.path) updated from a partial run: kept \(ReportNumbers.count(kept, "signature")) it did not see (\(report.subject.noun)s it did not measure may still have them); update from a full run to drop fixed leaks\n"
            }
            if baseline.isOutdated {
                out +=
                    "baseline \(baseline.path) holds version-\(baseline.signatureVersion ?? 1) signatures (line-based), which cannot match: rewrite it once with --update-baseline\n"
            }
        }
        if let interruption = report.interruption {
            let text = interruption.displayText(for: report.subject)
            out +=
                paint(text.prefix(1).uppercased() + text.dropFirst(), .yellow)
                + "; the report holds the \(report.subject.noun)s that finished.\n"
        }
        let shown = report.scenarios.filter { !failingOnly || !$0.passed }
        let groups = FindingGroups(shown, subject: report.subject)
        for scenario in shown {
            out += "\n" + render(scenario, groups: groups)
        }
        let used = report.suppressions.filter { $0.matchedFindings > 0 }
        if !report.suppressions.isEmpty, !failingOnly {
            out += "\nSuppressions (\(used.count) of \(report.suppressions.count) rules used):\n"
            for usage in report.suppressions {
                let origin = usage.rule.origin.map { " (\($0))" } ?? ""
                out +=
                    "  \(usage.rule.ruleText) — \(usage.rule.reason)\(origin): \(ReportNumbers.count(usage.matchedFindings, "finding"))\n"
            }
        }
        return out
    }

    /// One scenario: its result line, counts, findings; used alone in JUnit failures.
    public func render(_ scenario: ScenarioReport) -> String {
        render(scenario, groups: nil)
    }

    /// One scenario of a report; with `groups`, a finding shown in full for an earlier scenario
    /// or test is one line pointing there (one bug, one entry).
    public func render(_ scenario: ScenarioReport, groups: FindingGroups?) -> String {
        let mark = scenario.passed ? paint("✓", .green) : paint("✗", .red)
        // A Swift Testing argument case is named by its value's description, line breaks and all.
        var out = "\(mark) \(paint(OneLineText.escaping(scenario.name), .bold)) — \(scenario.summary)\n"
        var verdictLine =
            scenario.testOutcome == nil
            ? "  expected \(scenario.expectedVerdict.displayName) · got \(scenario.actualVerdict.displayName)"
            : "  leak check: \(TestLeakCheckText.result(scenario))"
        if scenario.status.isAbnormal { verdictLine += " · \(scenario.status.displayName)" }
        verdictLine += " · \(ReportNumbers.seconds(scenario.durationSeconds))"
        out += paint(verdictLine, scenario.verdictMatched ? .plain : .yellow) + "\n"
        if !scenario.passes.isEmpty {
            let passes = scenario.passes.map {
                "pass \($0.pass) \($0.before)→\($0.after) (\(ReportNumbers.signed($0.growth)))"
            }
            out += "  live resources: " + passes.joined(separator: ", ") + "\n"
        }
        if let outcome = scenario.testOutcome { out += render(outcome: outcome) }
        for reason in scenario.failureReasons {
            out += "  " + paint("fails: \(reason)", .red) + "\n"
        }
        out += render(stop: ScenarioStop(scenario))
        for chain in ThreadHopText.chains(scenario.threadHops) {
            out += "  hops: \(ThreadHopText.stagesLine(chain))\n"
            out += "        " + paint(ThreadHopText.summaryLine(chain), .dim) + "\n"
        }
        for finding in scenario.findings {
            if let first = groups?.entry(of: finding, otherThan: scenario) {
                out += "\n" + render(repeated: finding, shownIn: first)
                continue
            }
            let cycle =
                finding.kind == .referenceCycle ? scenario.cycles.first { $0.signature == finding.signature } : nil
            var shown = finding
            // Reports written before a cycle finding carried its cycle's fix.
            if shown.fix == nil { shown.fix = cycle?.fix }
            out += "\n" + render(shown, seenIn: groups?.seenInText(finding, in: scenario))
            if let cycle { out += ReferenceTraceText.cycle(cycle, indent: "    ").map { $0 + "\n" }.joined() }
        }
        if let output = scenario.output, !output.isEmpty {
            out += "\n  output:\n"
            let shown = colour ? output : Self.strippingANSI(output)
            for line in shown.split(separator: "\n", omittingEmptySubsequences: false) {
                out += "  │ \(line)\n"
            }
        }
        return out
    }

    /// A test's outcome, beside its leak verdict: the result, each issue its framework recorded
    /// (message at file:line, a multi-line message indented under it), and how a second run
    /// differed.
    private func render(outcome: TestOutcome) -> String {
        let style: Style = outcome.result.fails ? .red : (outcome.result == .passed ? .plain : .yellow)
        // "Outcome", not "test passed": the test's own result, beside (not instead of) the leak
        // verdict on the line above, which can fail a test that passed.
        var out = "  " + paint("test outcome: \(TestOutcomeText.result(outcome))", style) + "\n"
        for issue in outcome.issues {
            let lines = TestOutcomeText.line(issue).split(separator: "\n", omittingEmptySubsequences: false)
            out += "    " + paint(String(lines[0]), issue.isKnown ? .yellow : .red) + "\n"
            for more in lines.dropFirst() { out += "      \(more)\n" }
        }
        if let difference = outcome.rerunDifference {
            out += "  " + paint("second run differed: \(difference)", .yellow) + "\n"
        }
        return out
    }

    /// One finding, indented for a scenario block.
    public func render(_ finding: LeakFinding) -> String {
        render(finding, seenIn: nil)
    }

    /// One finding; `seenIn` names the scenarios or tests that showed it, when more than one did.
    public func render(_ finding: LeakFinding, seenIn: String?) -> String {
        var out = "  \(headline(finding))\n"
        if let seenIn { out += "    \(seenIn)\n" }
        if let rule = finding.suppressedBy {
            // rxtrace's own rules (rxtrace test's) have no conditions to show: their reason says it.
            out +=
                rule.isBuiltIn
                ? "    not failing: \(rule.reason)\n" : "    suppressed by \(rule.ruleText) — \(rule.reason)\n"
        }
        if let site = finding.callSite {
            out += "    at \(paint(site.fileAndLine, .bold))\(site.function.map { " in \($0)" } ?? "")\n"
        }
        if let via = finding.viaDependency { out += "    \(via.text)\n" }
        if let note = finding.mergedFunctionNote { out += "    \(note)\n" }
        if let text = finding.snippet?.highlightedText {
            out += "      \(paint(SourceLines.normalized(text), .dim))\n"
        }
        if let anomaly = finding.anomaly {
            out +=
                "    anomaly \(anomaly.number) (\(anomaly.kind))\(anomaly.stage.map { " at \($0)" } ?? ""): \(anomaly.detail)\n"
            out += "    on \(anomaly.place.longName)"
            if let other = anomaly.otherPlace { out += " · other side on \(other.longName)" }
            out += "\n"
        } else {
            var growth = "    grows by \(finding.growthPerPass) per pass"
            if !finding.countPerPass.isEmpty {
                growth += " (still alive per pass: \(finding.countPerPass.map(String.init).joined(separator: ", ")))"
            }
            out += growth + "\n"
        }
        if let reason = finding.retentionReason, finding.kind != .referenceCycle {
            // The reason says what holds it ("kept alive by …"): no label in front.
            out += "    \(reason)\n"
        }
        if let path = finding.retentionPath {
            out += ReferenceTraceText.path(path, indent: "    ").map { $0 + "\n" }.joined()
        }
        if !finding.resourceTypes.isEmpty {
            out += "    types: \(finding.resourceTypes.joined(separator: ", "))\n"
        }
        out += "    signature: \(finding.signature)\n"
        // What a team accepted (a suppression, the baseline) needs no fix shown; what rxtrace's
        // own rules keep from failing (held by the test, still running) does, as other formats show.
        if finding.isActionable || finding.suppressedBy?.isBuiltIn == true { out += "    fix: \(finding.fixHint)\n" }
        if let patch = finding.patch { out += FindingPatchText.line(patch) }
        if !finding.backtrace.isEmpty {
            out +=
                "    \(finding.anomaly == nil ? "backtrace" : "backtrace (detecting side)"):\n"
                + render(frames: finding.backtrace, indent: "      ")
        }
        if let other = finding.anomaly?.otherBacktrace, !other.isEmpty {
            out += "    backtrace (other side):\n" + render(frames: other, indent: "      ")
        }
        return out
    }

    /// A finding whose full entry is under another scenario or test: its headline and where.
    private func render(repeated finding: LeakFinding, shownIn first: String) -> String {
        var out = "  \(headline(finding))\n"
        if let site = finding.callSite { out += "    at \(paint(site.fileAndLine, .bold))\n" }
        return out + "    the same finding as in \(first) (signature \(finding.signature)): see there\n"
    }

    private func headline(_ finding: LeakFinding) -> String {
        var headline = paint(finding.headline, finding.isActionable ? .red : .dim)
        if finding.isNew == true { headline += " " + paint("[new]", .yellow) }
        if finding.isNew == false { headline += " [in baseline]" }
        return headline
    }

    /// A backtrace with library frames folded, one line per shown frame or folded run.
    private func render(frames: [ReportFrame], indent: String) -> String {
        var out = ""
        for group in ReportFrameGroup.group(frames) {
            switch group {
            case .frame(let index, let frame):
                let place = frame.fileAndLineNoted.map { "  \($0)" } ?? ""
                out += "\(indent)\(index) \(frame.function)\(paint(place, .dim))\n"
            case .folded:
                out += indent + paint(group.foldedSummary ?? "", .dim) + "\n"
            }
        }
        return out
    }

    /// Where a stopped scenario's threads were: each thread in user code with the line it was
    /// at, the source line itself and its folded stack, then how many threads were elsewhere.
    private func render(stop: ScenarioStop?) -> String {
        guard let stop else { return "" }
        var out = "\n  \(stop.heading):\n"
        for thread in stop.threadsInUserCode {
            if let frame = thread.userFrame {
                let place = frame.fileAndLine.map { " at " + paint($0, .bold) } ?? ""
                out += "    \(thread.label)\(place) in \(frame.function)\n"
            }
            if let text = thread.snippet?.highlightedText {
                out += "      \(paint(SourceLines.normalized(text), .dim))\n"
            }
            out += render(frames: thread.frames, indent: "      ")
        }
        if stop.threadsInUserCode.isEmpty {
            out +=
                "    no thread was in user code (\(ReportNumbers.count(stop.otherThreadCount, "thread")) in library or system code)\n"
        } else if stop.otherThreadCount > 0 {
            out +=
                "    " + paint("… \(ReportNumbers.count(stop.otherThreadCount, "other thread")) not in user code", .dim)
                + "\n"
        }
        return out
    }

    /// "3 scenarios · 2 passed · 1 failed · 2 leaked subscriptions (1 new, 1 suppressed)"; for
    /// tests, outcomes and leaks apart: "120 tests · 112 passed · 3 failed · 2 skipped ·
    /// 3 leaking (2 new) · 5 leaked subscriptions".
    public func summaryLine(_ report: RunReport) -> String {
        let s = report.summary
        var parts: [String]
        if let tests = s.tests {
            parts = Self.outcomeParts(tests)
            var leaking = "\(tests.leaking) leaking"
            if report.baseline != nil { leaking += " (\(tests.newLeaking) new)" }
            parts.append(leaking)
        } else {
            parts = [ReportNumbers.count(s.scenarios, report.subject.noun), "\(s.passed) passed", "\(s.failed) failed"]
            if s.abnormal > 0 { parts.append("\(s.abnormal) crashed or timed out") }
        }
        if let interruption = report.interruption { parts.append("interrupted by \(interruption.signal)") }
        var found: [String] = []
        if s.leakedSubscriptions > 0 {
            found.append(
                "\(s.leakedSubscriptions) \(FindingKind.leakedSubscription.noun(count: s.leakedSubscriptions))"
            )
        }
        for thing in LeakedThing.allCases {
            if let count = s.leakedOther[thing], count > 0 { found.append("\(count) \(thing.noun(count: count))") }
        }
        if s.referenceCycles > 0 {
            found.append("\(s.referenceCycles) \(FindingKind.referenceCycle.noun(count: s.referenceCycles))")
        }
        if s.threadAnomalies > 0 {
            found.append("\(s.threadAnomalies) \(FindingKind.threadAnomaly.noun(count: s.threadAnomalies))")
        }
        if s.unreleasedObjects > 0 {
            found.append("\(s.unreleasedObjects) \(FindingKind.unreleasedObject.noun(count: s.unreleasedObjects))")
        }
        var qualifiers: [String] = []
        // A test run says "(2 new)" on its leaking tests instead.
        if report.baseline != nil, s.tests == nil { qualifiers.append("\(s.newFindings) new") }
        if s.suppressedFindings > 0 { qualifiers.append("\(s.suppressedFindings) suppressed") }
        if s.heldByTest > 0 { qualifiers.append("\(s.heldByTest) held by the test") }
        // "0 leaking" already says it for tests.
        if found.isEmpty, s.tests == nil { found.append("no leaks") }
        var line = (parts + (found.isEmpty ? [] : [found.joined(separator: ", ")])).joined(separator: " · ")
        if !qualifiers.isEmpty { line += " (\(qualifiers.joined(separator: ", ")))" }
        let style: Style = report.gateOutcome == .passed ? .green : .red
        return paint("Summary: ", .bold) + paint(line, style)
    }

    /// "120 tests · 112 passed · 3 failed · 2 skipped · 1 known issue": every outcome a test had,
    /// passed and failed always.
    static func outcomeParts(_ tests: TestCounts) -> [String] {
        var parts = [ReportNumbers.count(tests.tests, "test"), "\(tests.passed) passed", "\(tests.failed) failed"]
        if tests.skipped > 0 { parts.append("\(tests.skipped) skipped") }
        if tests.knownIssues > 0 { parts.append(ReportNumbers.count(tests.knownIssues, "known issue")) }
        if tests.crashed > 0 { parts.append("\(tests.crashed) crashed") }
        if tests.hung > 0 { parts.append("\(tests.hung) hung") }
        return parts
    }

    /// Captured output without the child's colour codes (CSI sequences), for files and pipes.
    static func strippingANSI(_ text: String) -> String {
        guard text.contains("\u{1B}") else { return text }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                out.append(scalar)
                continue
            }
            guard let next = scalars.next() else { break }
            guard next == "[" else { continue }
            while let c = scalars.next(), !(0x40...0x7E).contains(c.value) {}
        }
        return String(out)
    }

    private enum Style {
        case plain, bold, dim, red, green, yellow

        var code: String {
            switch self {
            case .plain: return ""
            case .bold: return "1"
            case .dim: return "2"
            case .red: return "31"
            case .green: return "32"
            case .yellow: return "33"
            }
        }
    }

    private func paint(_ text: String, _ style: Style) -> String {
        guard colour, style != .plain, !text.isEmpty else { return text }
        return "\u{1B}[\(style.code)m\(text)\u{1B}[0m"
    }
}
