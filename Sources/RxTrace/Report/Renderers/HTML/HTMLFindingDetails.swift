/// One finding as a collapsible `<details>`: headline and badges, call site, growth, retention
/// reason, types, suppression and signature, the finding-level parts (`HTMLParts.standard`),
/// then the backtrace.
struct HTMLFindingDetails {
    let finding: LeakFinding
    let scenario: ScenarioReport
    let parts: [any HTMLFindingPart]

    var node: HTMLNode {
        let suppressed = finding.suppressedBy != nil
        return .element("details", [.class("finding", finding.kind.rawValue, suppressed ? "suppressed" : ""),
                                    HTMLAttribute("data-signature", finding.signature)]) {
            HTMLNode.element("summary") {
                finding.headline
                if finding.isNew == true { badge("new", "new") }
                if finding.isNew == false { badge("known", "in baseline") }
                if suppressed { badge("suppressed", "suppressed") }
            }
            facts
            for part in parts {
                part.node(for: finding, in: scenario)
            }
            if !finding.backtrace.isEmpty {
                HTMLBacktrace(frames: finding.backtrace).node
            }
        }
    }

    private var facts: HTMLNode {
        .element("dl") {
            if let site = finding.callSite {
                fact("Call site") {
                    HTMLNode.element("code", text: site.fileAndLine)
                    if let function = site.function {
                        " in "
                        HTMLNode.element("code", text: function)
                    }
                }
            }
            let perPass = finding.countPerPass.isEmpty ? "" : " (still alive per pass: \(finding.countPerPass.map(String.init).joined(separator: ", ")))"
            fact("Growth") { "\(finding.growthPerPass) per pass\(perPass)" }
            if let reason = finding.retentionReason {
                fact("Retained by") { reason }
            }
            if !finding.resourceTypes.isEmpty {
                fact("Types") {
                    for (index, type) in finding.resourceTypes.enumerated() {
                        if index > 0 { ", " }
                        HTMLNode.element("code", text: type)
                    }
                }
            }
            if let rule = finding.suppressedBy {
                fact("Suppressed by") {
                    HTMLNode.element("code", text: rule.ruleText)
                    " — \(rule.reason)"
                }
            }
            fact("Signature") { HTMLNode.element("code", text: finding.signature) }
        }
    }

    private func fact(_ term: String, @HTMLBuilder _ description: () -> [HTMLNode]) -> HTMLNode {
        .group([.element("dt", text: term), .element("dd", [], description())])
    }

    private func badge(_ kind: String, _ label: String) -> HTMLNode {
        .group([.text(" "), .element("span", [.class("badge", kind)], text: label)])
    }
}
