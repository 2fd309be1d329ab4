import Foundation

/// JUnit XML: one `<testsuite>` (inside `<testsuites>`), one `<testcase>` per scenario. A
/// failing scenario (verdict mismatch, unexpected findings, crash, timeout) carries a
/// `<failure>` whose body is the scenario's text report; captured output goes to `<system-out>`.
/// Test cases are classed under the executable that ran the scenarios (the user's own, when a
/// package calls `RxTraceCLI.main(scenarios:)`), so CI lists them under a recognisable name.
public struct JUnitReportRenderer: Sendable {
    public var suiteName: String

    public init(suiteName: String = "rxtrace") {
        self.suiteName = suiteName
    }

    public func render(_ report: RunReport) -> String {
        let text = TextReportRenderer(colour: false)
        let failures = report.scenarios.filter { !$0.passed }.count
        let time = report.scenarios.reduce(0) { $0 + $1.durationSeconds }
        let timestamp = ISO8601DateFormatter().string(from: report.generatedAt)
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<testsuites name=\"\(a(suiteName))\" tests=\"\(report.scenarios.count)\" failures=\"\(failures)\" errors=\"0\" time=\"\(Self.seconds(time))\">\n"
        x += "  <testsuite name=\"\(a(suiteName))\" tests=\"\(report.scenarios.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(Self.seconds(time))\" timestamp=\"\(a(timestamp))\" hostname=\"\(a(report.host.hostname))\">\n"
        x += "    <properties>\n"
        x += "      <property name=\"tool\" value=\"\(a("\(report.tool.name) \(report.tool.version)"))\"/>\n"
        x += "      <property name=\"schemaVersion\" value=\"\(report.schemaVersion)\"/>\n"
        if let baseline = report.baseline {
            x += "      <property name=\"baseline\" value=\"\(a(baseline.path))\"/>\n"
        }
        x += "    </properties>\n"
        for scenario in report.scenarios {
            x += "    <testcase classname=\"\(a(report.tool.executable ?? suiteName))\" name=\"\(a(scenario.name))\" time=\"\(Self.seconds(scenario.durationSeconds))\">\n"
            if !scenario.passed {
                let message = scenario.failureReasons.joined(separator: "; ")
                x += "      <failure type=\"\(a(failureType(scenario)))\" message=\"\(a(message))\">\(t(text.render(scenario)))</failure>\n"
            }
            if let output = scenario.output, !output.isEmpty {
                x += "      <system-out>\(t(TextReportRenderer.strippingANSI(output)))</system-out>\n"
            }
            x += "    </testcase>\n"
        }
        x += "  </testsuite>\n</testsuites>\n"
        return x
    }

    private func failureType(_ scenario: ScenarioReport) -> String {
        if scenario.isUnexpectedlyAbnormal { return scenario.status.state }
        if !scenario.failingFindings.isEmpty { return scenario.failingFindings[0].kind.rawValue }
        return "verdictMismatch"
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
    private func a(_ text: String) -> String { Escaping.xml(text, attribute: true) }
    private func t(_ text: String) -> String { Escaping.xml(text) }
}
