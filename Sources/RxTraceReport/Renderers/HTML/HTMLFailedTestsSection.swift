/// Near the top of a test run's page, before the leaks: each test that failed (an assertion, an
/// expectation, a thrown error), with its framework's messages and where they were recorded, as
/// `swift test` would have shown them. Linked to the test's own section.
struct HTMLFailedTestsSection {
    let report: RunReport

    var node: HTMLNode? {
        let failed = report.scenarios.enumerated().filter { $0.element.testOutcome?.result == .failed }
        guard !failed.isEmpty else { return nil }
        return .element("section", [.id("failed-tests")]) {
            HTMLNode.element("h2", text: "Failed tests")
            for (index, test) in failed {
                HTMLNode.element("article", [.class("stopped"), HTMLAttribute("data-test", test.name)]) {
                    HTMLNode.element("h3") {
                        HTMLNode.element("a", [HTMLAttribute("href", "#scenario-\(index)")], text: test.name)
                        " "
                        HTMLNode.element("span", [.class("badge", "fail")], text: "failed")
                    }
                    if let outcome = test.testOutcome { HTMLTestIssues(outcome: outcome).node }
                }
            }
        }
    }
}
