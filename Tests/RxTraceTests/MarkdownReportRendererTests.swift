import RxTrace
import XCTest

final class MarkdownReportRendererTests: XCTestCase {
    func testSummaryFailingFindingsWithSourceAndFixThenTheRestFolded() {
        let markdown = MarkdownReportRenderer().render(ReportFixtures.run())

        XCTAssertTrue(
            markdown.hasPrefix(
                "## ❌ rxtrace: 4 scenarios · 2 passed · 2 failed · 1 crashed or timed out · 3 leaked subscriptions\n\n### Stopped (crashed, timed out or threw)\n\n**crashes**: crashed (signal 4)\n\nWhere it stopped is unknown: no thread stacks were captured (its output is in `rxtrace.txt`).\n\n### Failing\n"
            ),
            markdown
        )
        XCTAssertTrue(
            markdown.contains(
                "| 2 leaked subscriptions · interval → map → subscribe | `Sources/App/Feed.swift:42` in `FeedViewModel.bind()` | +1 per pass | dataProviderLeak |\n"
            ),
            markdown
        )
        XCTAssertTrue(markdown.contains("```swift\n  40     func bind() {\n"), markdown)
        XCTAssertTrue(
            markdown.contains(
                "→ 42             .map { \"tick \\($0)\" }.subscribe(onNext: { [label] in label.text = $0 })\n"
            ),
            markdown
        )
        XCTAssertTrue(
            markdown.contains("**Fix:** Dispose it with the owner: add `.disposed(by: disposeBag)`"),
            markdown
        )
        XCTAssertTrue(
            markdown.contains("<details><summary>Expected (the scenario declares them): 1</summary>"),
            markdown
        )
        XCTAssertTrue(markdown.contains("| crashes | crashed | clean | crashed |"), markdown)
        XCTAssertTrue(
            markdown.hasSuffix(
                "The full report, findings first with source and backtraces: `rxtrace.html` (also `rxtrace.txt`, `rxtrace.json`, `rxtrace.sarif`, `rxtrace.junit.xml`).\n"
            )
        )
    }

    func testStaysWithinItsSizeAndKeepsTablesWhole() {
        var scenario = ReportFixtures.leakyScenario
        scenario.findings = (0..<400).map { ReportFixtures.leak(signature: "sig-\($0)") }
        var hostile = ReportFixtures.leak(signature: "sig-hostile")
        hostile.operatorChain = ["a|b", "<img src=x>"]
        scenario.findings.append(hostile)
        let markdown = MarkdownReportRenderer(maximumCharacters: 10_000).render(ReportFixtures.run([scenario]))

        XCTAssertLessThanOrEqual(markdown.count, 10_000)
        XCTAssertTrue(markdown.contains("_… and 351 more failing findings._"), markdown)
        XCTAssertTrue(markdown.contains("more sections did not fit in this summary"), markdown)
        XCTAssertFalse(markdown.contains("<img"), "markup from the report stays text")
        XCTAssertEqual(
            MarkdownReportRenderer().render(ReportFixtures.run([scenario])).components(separatedBy: "```swift").count
                - 1,
            10,
            "source for the first ten failing findings only"
        )
    }
}
