/// One finding as a collapsible `<details>`, in the order a reviewer reads it: its standing
/// (fails, expected leak, accepted), headline and scenario; the call site with the source
/// around it and the one-line fix; then growth, retention reason, types and signature, the
/// finding-level parts (`HTMLParts.standard`: the live-count chart, …), then the backtrace.
struct HTMLFindingDetails {
    let reviewed: ReviewedFinding
    /// Its place in review order (`finding-N` anchors).
    let index: Int
    /// Open on load: the first failing finding.
    let open: Bool
    let parts: [any HTMLFindingPart]

    private var finding: LeakFinding { reviewed.finding }
    private var scenario: ScenarioReport { reviewed.scenario }

    var node: HTMLNode {
        let suppressed = finding.suppressedBy != nil
        var attributes: [HTMLAttribute] = [
            .class("finding", finding.kind.rawValue, reviewed.standing.rawValue, suppressed ? "suppressed" : ""),
            .id("finding-\(index)"),
            HTMLAttribute("data-signature", finding.signature),
            HTMLAttribute("data-standing", reviewed.standing.rawValue),
        ]
        if open { attributes.append(.flag("open")) }
        return .element("details", attributes) {
            HTMLNode.element("summary") {
                HTMLNode.element(
                    "span",
                    [.class("badge", reviewed.standing.rawValue)],
                    text: reviewed.standing.label(for: finding.kind)
                )
                " "
                finding.headline
                if finding.isNew == true { badge("new", "new") }
                if finding.isNew == false { badge("known", "in baseline") }
                // The standing's badge says "held by the test"; "in baseline" has its own. Only a
                // suppressions file's match is "suppressed" (issue 31), rxtrace's rules say theirs.
                if let reason = NotFailingReason(finding), reason != .heldByTest, reason != .inBaseline {
                    badge("suppressed", reason.words)
                }
                HTMLNode.element("span", [.class("scenario-name")], text: " · \(reviewed.seenInCell)")
            }
            if let site = finding.callSite {
                HTMLNode.element("p", [.class("site")]) {
                    HTMLNode.element("code", text: site.fileAndLine)
                    if let function = site.function {
                        " in "
                        HTMLNode.element("code", text: function)
                    }
                }
            }
            if let via = finding.viaDependency {
                HTMLNode.element("p", [.class("via")], text: via.text)
            }
            if let note = finding.mergedFunctionNote {
                HTMLNode.element("p", [.class("merged-note")], text: note)
            }
            if let snippet = finding.snippet {
                HTMLSourceSnippet(snippet: snippet).node
            }
            HTMLNode.element("p", [.class("fix")]) {
                HTMLNode.element("b", text: "Fix: ")
                finding.fixHint
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
            let perPass =
                finding.countPerPass.isEmpty
                ? "" : " (still alive per pass: \(finding.countPerPass.map(String.init).joined(separator: ", ")))"
            fact("Growth") { "\(finding.growthPerPass) per pass\(perPass)" }
            if let reason = finding.retentionReason {
                fact("Why") { reason }
            }
            if !finding.resourceTypes.isEmpty {
                fact("Types") {
                    for (index, type) in finding.resourceTypes.enumerated() {
                        if index > 0 { ", " }
                        HTMLNode.element("code", text: type)
                    }
                }
            }
            // rxtrace's own rules have no conditions to show: their reason says it, as in text.
            if let rule = finding.suppressedBy, rule.isBuiltIn {
                fact("Not failing") { rule.reason }
            } else if let rule = finding.suppressedBy {
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
