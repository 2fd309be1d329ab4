/// The first thing on the page: every finding in review order (failing, then expected, then
/// accepted), the first failing one open, each anchored `finding-N`.
struct HTMLFindingsSection {
    let findings: [ReviewedFinding]
    let parts: [any HTMLFindingPart]
    /// False when a scenario crashed, hung or threw, or the run was interrupted: "nothing is
    /// still alive" would then claim more than was measured.
    let everyScenarioFinished: Bool
    var subject: RunSubject = .scenarios

    var node: HTMLNode {
        let firstFailing = findings.firstIndex { $0.standing == .failing }
        let counts = FindingStanding.allCases.compactMap { standing -> String? in
            let n = findings.filter { $0.standing == standing }.count
            let name =
                switch standing {
                case .failing: "failing"
                case .heldByTest: "held by the test"
                default: standing.rawValue
                }
            return n == 0 ? nil : "\(n) \(name)"
        }
        return .element("section", [.id("findings")]) {
            HTMLNode.element("h2") {
                "Findings "
                HTMLNode.element(
                    "button",
                    [HTMLAttribute("type", "button"), .id("toggle-all"), .flag("hidden")],
                    text: "Expand all"
                )
            }
            if findings.isEmpty {
                HTMLNode.element(
                    "p",
                    [.class("meta")],
                    text: everyScenarioFinished
                        ? "No findings: nothing the measured passes created is still alive."
                        : "No findings in the \(subject.noun)s that ran to the end; not every \(subject.noun) did (see above)."
                )
            } else {
                HTMLNode.element("p", [.class("meta")], text: counts.joined(separator: " · "))
                for (index, reviewed) in findings.enumerated() {
                    HTMLFindingDetails(reviewed: reviewed, index: index, open: index == firstFailing, parts: parts).node
                }
            }
        }
    }
}
