import Foundation

/// JUnit XML: one `<testsuite>` (inside `<testsuites>`), one `<testcase>` per scenario.
///
/// - A scenario that fails the gate with findings or a verdict mismatch carries a `<failure>`;
///   one that crashed, timed out or threw without declaring it carries an `<error>` (JUnit's
///   element for a test that could not finish), whose message ends with the line it waited or
///   crashed at. Either body is the scenario's text report (stacks included).
/// - An interrupted run (Ctrl-C, SIGTERM) lists each scenario that did not finish as a test
///   case with an `<error type="interrupted">`, so a CI test view does not show a partial run
///   as a complete one.
/// - Captured output goes to `<system-out>`.
///
/// A test of `rxtrace test` is one `<testcase>` whose elements say its outcome and its leaks
/// apart: `<failure type="assertion">` (a thrown error too) with its framework's first message
/// and place, every issue in the body; `<failure type="leak">` for findings that fail the run;
/// `<skipped message="reason"/>`; a crash or hang as the `<error>` above. Known issues are not
/// failures: they go to `<system-out>`.
///
/// Test cases are classed under the executable that ran the scenarios (the user's own, when a
/// package calls `RxTraceCLI.main(scenarios:)`), so CI lists them under a recognisable name.
public struct JUnitReportRenderer: Sendable {
    public var suiteName: String

    public init(suiteName: String = "rxtrace") {
        self.suiteName = suiteName
    }

    public func render(_ report: RunReport) -> String {
        let text = TextReportRenderer(colour: false)
        let groups = report.findingGroups
        let unfinished = report.interruption?.unfinishedScenarios ?? []
        let errors = report.scenarios.filter(\.isUnexpectedlyAbnormal).count + unfinished.count
        let failures = report.scenarios.filter { !$0.passed && !$0.isUnexpectedlyAbnormal }.count
        let skipped = report.subject == .tests ? report.scenarios.filter { $0.testResult == .skipped }.count : 0
        let tests = report.scenarios.count + unfinished.count
        let time = report.scenarios.reduce(0) { $0 + $1.durationSeconds }
        let timestamp = ISO8601DateFormatter().string(from: report.generatedAt)
        let classname = a(report.tool.executable ?? suiteName)
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x +=
            "<testsuites name=\"\(a(suiteName))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(Self.seconds(time))\">\n"
        x +=
            "  <testsuite name=\"\(a(suiteName))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(Self.seconds(time))\" timestamp=\"\(a(timestamp))\" hostname=\"\(a(report.host.hostname))\">\n"
        x += "    <properties>\n"
        x += "      <property name=\"tool\" value=\"\(a(report.tool.nameAndVersion))\"/>\n"
        x += "      <property name=\"schemaVersion\" value=\"\(report.schemaVersion)\"/>\n"
        if let baseline = report.baseline {
            x += "      <property name=\"baseline\" value=\"\(a(baseline.path))\"/>\n"
        }
        if let interruption = report.interruption {
            x +=
                "      <property name=\"interrupted\" value=\"\(a(interruption.displayText(for: report.subject)))\"/>\n"
        }
        if let note = report.host.heapGraphNote {
            x += "      <property name=\"heapGraph\" value=\"\(a(note))\"/>\n"
        }
        x += "    </properties>\n"
        for scenario in report.scenarios {
            let (testClass, testName) = Self.testcaseNames(scenario.name, subject: report.subject, classname: classname)
            x +=
                "    <testcase classname=\"\(testClass)\" name=\"\(testName)\" time=\"\(Self.seconds(scenario.durationSeconds))\">\n"
            if report.subject == .tests, !scenario.isUnexpectedlyAbnormal {
                x += testElements(scenario, text: text, groups: groups)
            } else if !scenario.passed {
                var message = scenario.failureReasons.joined(separator: "; ")
                if let stop = ScenarioStop(scenario) { message += "; " + stop.placeLine }
                let element = scenario.isUnexpectedlyAbnormal ? "error" : "failure"
                x +=
                    "      <\(element) type=\"\(a(failureType(scenario)))\" message=\"\(a(message))\">\(t(text.render(scenario, groups: groups)))</\(element)>\n"
            }
            var output = TextReportRenderer.strippingANSI(scenario.output ?? "")
            let known = scenario.testOutcome?.issues.filter(\.isKnown) ?? []
            if !known.isEmpty {
                output = known.map { TestOutcomeText.line($0) + "\n" }.joined() + output
            }
            if !output.isEmpty {
                x += "      <system-out>\(t(output))</system-out>\n"
            }
            x += "    </testcase>\n"
        }
        if let interruption = report.interruption {
            for name in unfinished {
                let (testClass, testName) = Self.testcaseNames(name, subject: report.subject, classname: classname)
                x += "    <testcase classname=\"\(testClass)\" name=\"\(testName)\" time=\"0.000\">\n"
                x +=
                    "      <error type=\"interrupted\" message=\"\(a("did not finish: the run was interrupted by \(interruption.signal)"))\">\(t("The run was \(interruption.displayText(for: report.subject)). This \(report.subject.noun)'s result is unknown."))</error>\n"
                x += "    </testcase>\n"
            }
        }
        x += "  </testsuite>\n</testsuites>\n"
        return x
    }

    /// A finished test's elements: its failing assertions, its failing leaks, its skip.
    private func testElements(_ test: ScenarioReport, text: TextReportRenderer, groups: FindingGroups) -> String {
        var x = ""
        if let outcome = test.testOutcome, outcome.result == .failed {
            // One type for whatever the framework failed the test for (a thrown error too), so
            // CI tells a failing test from a leak by `type` alone; the body says which issue is what.
            let message = TestOutcomeText.firstFailure(outcome) ?? "the test failed"
            let body = outcome.failures.map { TestOutcomeText.line($0) + "\n" }.joined()
            x += "      <failure type=\"assertion\" message=\"\(a(message))\">\(t(body))</failure>\n"
        }
        let leaks = test.failingFindings
        if !leaks.isEmpty {
            let message = leaks.map { finding in
                finding.headline + (finding.callSite.map { " at \($0.fileAndLine)" } ?? "")
                    + (finding.viaDependency.map { ", \($0.text)" } ?? "")
                    + (groups.entry(of: finding, otherThan: test).map { ", the same finding as in \($0)" } ?? "")
            }.joined(separator: "; ")
            let type = leaks.allSatisfy { $0.kind == .threadAnomaly } ? FindingKind.threadAnomaly.rawValue : "leak"
            x +=
                "      <failure type=\"\(type)\" message=\"\(a(message))\">\(t(text.render(test, groups: groups)))</failure>\n"
        }
        if test.testResult == .skipped {
            let reason = test.testOutcome?.skipReason ?? ""
            x += "      <skipped message=\"\(a(reason))\"/>\n"
        }
        return x
    }

    private func failureType(_ scenario: ScenarioReport) -> String {
        if scenario.isUnexpectedlyAbnormal { return scenario.status.state }
        if !scenario.failingFindings.isEmpty { return scenario.failingFindings[0].kind.rawValue }
        return "verdictMismatch"
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    /// A test's `classname` and `name` as test reporters expect them (`Module.Class` and
    /// `testMethod`, `Module.Suite` and `function() [argument]`); a scenario's are the
    /// executable and its name. Both already escaped for an attribute.
    static func testcaseNames(_ name: String, subject: RunSubject, classname: String) -> (String, String) {
        let escape = { (text: Substring) in Escaping.xml(String(text), attribute: true) }
        guard subject == .tests else { return (classname, escape(name[...])) }
        // The test's own name ends at the first space (an argument case follows it).
        let testEnd = name.firstIndex(of: " ") ?? name.endIndex
        if let slash = name[..<testEnd].lastIndex(of: "/") {
            return (escape(name[..<slash]), escape(name[name.index(after: slash)...]))
        }
        // `Module.function()`: the module is the class.
        if let dot = name[..<testEnd].firstIndex(of: ".") {
            return (escape(name[..<dot]), escape(name[name.index(after: dot)...]))
        }
        return (classname, escape(name[...]))
    }
    private func a(_ text: String) -> String { Escaping.xml(text, attribute: true) }
    private func t(_ text: String) -> String { Escaping.xml(text) }
}
