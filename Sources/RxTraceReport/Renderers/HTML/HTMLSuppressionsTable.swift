/// The suppression rules the run used and how many findings each matched.
struct HTMLSuppressionsTable {
    let usages: [SuppressionUsage]

    var node: HTMLNode {
        .element("section", [.id("suppressions")]) {
            HTMLNode.element("h2", text: "Suppressions")
            HTMLNode.element("table") {
                HTMLNode.element("thead") {
                    HTMLNode.element("tr", [], ["Rule", "Reason", "Where", "Matched"].map { .element("th", text: $0) })
                }
                HTMLNode.element("tbody") {
                    for usage in usages {
                        HTMLNode.element("tr") {
                            HTMLNode.element("td") { HTMLNode.element("code", text: usage.rule.ruleText) }
                            HTMLNode.element("td", text: usage.rule.reason)
                            HTMLNode.element("td", text: usage.rule.origin ?? "")
                            HTMLNode.element("td", [.class("num")], text: "\(usage.matchedFindings)")
                        }
                    }
                }
            }
        }
    }
}
