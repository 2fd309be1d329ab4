/// A test's issues as its framework recorded them: each one's kind, place and message (a
/// message of several lines kept as it is), failing ones in red, known ones apart.
struct HTMLTestIssues {
    let outcome: TestOutcome

    var node: HTMLNode? {
        guard !outcome.issues.isEmpty || outcome.rerunDifference != nil else { return nil }
        return .element("ul", [.class("test-issues")]) {
            for issue in outcome.issues {
                HTMLNode.element("li", [.class(issue.isKnown ? "known-issue" : "reason")]) {
                    HTMLNode.element("b", text: TestOutcomeText.label(issue))
                    if let place = TestOutcomeText.place(issue) {
                        " at "
                        HTMLNode.element("code", text: place)
                    }
                    HTMLNode.element("pre", [.class("issue-message")], text: issue.message)
                }
            }
            if let difference = outcome.rerunDifference {
                HTMLNode.element("li", [.class("meta")], text: "Second run differed: \(difference)")
            }
        }
    }
}
