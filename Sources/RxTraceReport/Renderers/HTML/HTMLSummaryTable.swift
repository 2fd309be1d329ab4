/// The scenarios table at the top of the page: one row per scenario with its verdict, the
/// verdict it declared, its leak count, last-pass growth and gate result.
struct HTMLSummaryTable {
    let report: RunReport

    var node: HTMLNode {
        let summary = report.summary
        return .element("section") {
            HTMLNode.element("h2", text: report.subject.pluralTitle)
            HTMLNode.element("table", [.id("summary")]) {
                HTMLNode.element("thead") {
                    HTMLNode.element(
                        "tr",
                        [],
                        // A test's expected verdict is always clean: its outcome takes that column;
                        // its leak check, as the text report words it, takes the verdict's.
                        [
                            report.subject.title, report.subject == .tests ? "Leak check" : "Verdict",
                            report.subject == .tests ? "Outcome" : "Expected", "Leaks", "Growth", "Result",
                        ].map {
                            .element("th", text: $0)
                        }
                    )
                }
                HTMLNode.element("tbody") {
                    for (index, scenario) in report.scenarios.enumerated() { row(scenario, index: index) }
                }
            }
            HTMLNode.element(
                "p",
                [.class("meta")],
                text:
                    "\(summary.findings) finding groups · \(summary.suppressedFindings) suppressed · \(summary.failingFindings) failing"
            )
        }
    }

    private func row(_ scenario: ScenarioReport, index: Int) -> HTMLNode {
        let leaks = scenario.findings.reduce(0) { $0 + $1.count }
        let result = scenario.passed ? "pass" : (scenario.isUnexpectedlyAbnormal ? scenario.status.shortName : "fail")
        return .element(
            "tr",
            [.class(scenario.passed ? "pass" : "fail"), HTMLAttribute("data-scenario", scenario.name)]
        ) {
            HTMLNode.element("td") {
                HTMLNode.element("a", [HTMLAttribute("href", "#scenario-\(index)")], text: scenario.name)
            }
            HTMLNode.element(
                "td",
                [.class("verdict", scenario.verdictMatched || scenario.passed ? "" : "mismatch")],
                text: report.subject == .tests
                    ? TestLeakCheckText.result(scenario) : scenario.actualVerdict.displayName
            )
            HTMLNode.element(
                "td",
                text: report.subject == .tests
                    ? scenario.testResult.displayName : scenario.expectedVerdict.displayName
            )
            HTMLNode.element("td", [.class("num")], text: "\(leaks)")
            HTMLNode.element("td", [.class("num")], text: ReportNumbers.signed(scenario.lastPassGrowth))
            HTMLNode.element("td", [.class("result")], text: result)
        }
    }
}
