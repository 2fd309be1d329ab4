/// One scenario's section: its description, expected and actual verdict, live counts per pass,
/// why it fails, links to its findings (drawn in the findings section), the scenario-level
/// parts (`HTMLParts.standard`) and its output. A clean scenario that passed is folded away.
struct HTMLScenarioArticle {
    let scenario: ScenarioReport
    let index: Int
    let parts: HTMLParts
    /// The `finding-N` anchors of this scenario's findings, in its order.
    let findingAnchors: [String]

    private var isFolded: Bool {
        scenario.passed && scenario.findings.isEmpty && !scenario.status.isAbnormal && scenario.output?.isEmpty != false
            && scenario.testOutcome?.issues.isEmpty != false
    }

    var node: HTMLNode {
        let outcome = scenario.passed ? "pass" : "fail"
        if isFolded {
            return .element("details", [.class("scenario", "clean"), .id("scenario-\(index)")]) {
                HTMLNode.element("summary") {
                    HTMLNode.element("span", [.class("badge", "pass")], text: "clean")
                    " \(scenario.name) — \(scenario.summary)"
                }
                content
            }
        }
        return .element("article", [.class("scenario", outcome), .id("scenario-\(index)")]) {
            HTMLNode.element("h3") {
                "\(scenario.name) "
                HTMLNode.element("span", [.class("badge", outcome)], text: outcome)
            }
            content
        }
    }

    @HTMLBuilder private var content: [HTMLNode] {
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
                let passes = scenario.passes.map {
                    "pass \($0.pass): \($0.before) → \($0.after) (\(ReportNumbers.signed($0.growth)))"
                }
                HTMLNode.element("li", text: "Live resources: \(passes.joined(separator: "; "))")
            }
            if let outcome = scenario.testOutcome {
                HTMLNode.element("li") {
                    "Test outcome: "
                    HTMLNode.element("b", text: TestOutcomeText.result(outcome))
                }
            }
            for reason in scenario.failureReasons {
                HTMLNode.element("li", [.class("reason")], text: "Fails: \(reason)")
            }
        }
        if let outcome = scenario.testOutcome { HTMLTestIssues(outcome: outcome).node }
        if !findingAnchors.isEmpty {
            HTMLNode.element("p", [.class("finding-links")]) {
                "Findings: "
                for (position, anchor) in findingAnchors.enumerated() {
                    if position > 0 { ", " }
                    HTMLNode.element(
                        "a",
                        [HTMLAttribute("href", "#\(anchor)")],
                        text: scenario.findings[position].headline
                    )
                }
            }
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
