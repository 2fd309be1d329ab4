/// One scenario's section: its description, expected and actual verdict, live counts per pass,
/// why it fails, its findings, the scenario-level parts (`HTMLParts.standard`) and its output.
struct HTMLScenarioArticle {
    let scenario: ScenarioReport
    let index: Int
    let parts: HTMLParts

    var node: HTMLNode {
        let outcome = scenario.passed ? "pass" : "fail"
        return .element("article", [.class("scenario", outcome), .id("scenario-\(index)")]) {
            HTMLNode.element("h3") {
                "\(scenario.name) "
                HTMLNode.element("span", [.class("badge", outcome)], text: outcome)
            }
            HTMLNode.element("p", text: scenario.summary)
            HTMLNode.element("ul", [.class("facts")]) {
                HTMLNode.element("li") {
                    "Expected "
                    HTMLNode.element("b", text: scenario.expectedVerdict.displayName)
                    ", got "
                    HTMLNode.element("b", text: scenario.actualVerdict.displayName)
                    "; status \(scenario.status.displayName); \(ReportNumbers.seconds(scenario.durationSeconds))"
                }
                if !scenario.passes.isEmpty {
                    let passes = scenario.passes.map { "pass \($0.pass): \($0.before) → \($0.after) (\(ReportNumbers.signed($0.growth)))" }
                    HTMLNode.element("li", text: "Live resources: \(passes.joined(separator: "; "))")
                }
                for reason in scenario.failureReasons {
                    HTMLNode.element("li", [.class("reason")], text: "Fails: \(reason)")
                }
            }
            for finding in scenario.findings {
                HTMLFindingDetails(finding: finding, scenario: scenario, parts: parts.finding).node
            }
            for part in parts.scenario {
                part.node(for: scenario)
            }
            if let output = scenario.output, !output.isEmpty {
                HTMLNode.element("details", [.class("output"), .flag("open")]) {
                    HTMLNode.element("summary", text: "Output")
                    HTMLNode.element("pre", text: TextReportRenderer.strippingANSI(output))
                }
            }
        }
    }
}
