import Foundation
import RxTrace
import XCTest

// GitHub's Markdown reads `<Int>` in `BehaviorSubject<Int>` as an HTML tag and shows nothing of
// it: the Markdown report's fix and holder read "BehaviorSubject.observers". Every free text the
// renderer writes outside code must show its generic types; inside a code span, text is shown
// as written, so an entity there would show as "&lt;".
final class MarkdownFreeTextTests: XCTestCase {
    private let markdown: String = {
        var finding = ReportFixtures.leak(signature: "sig-generic", count: 1)
        finding.fix =
            "Dispose the subscription: BehaviorSubject<Int>.observers keeps it; keep it in `Bag<Int>` & dispose it"
        finding.retentionReason = "kept alive by FeedService.relay, through Relay<Int> and `Holder<Int>`"
        var scenario = ReportFixtures.leakyScenario
        scenario.findings = [finding]
        var report = RunReport(generatedAt: ReportFixtures.date, host: ReportFixtures.host, scenarios: [scenario])
        report.host.heapGraphNote = "Heap graph off: Set<Int> could not be read"
        return MarkdownReportRenderer().render(report)
    }()

    func testTheFixAndTheHolderShowTheirGenericTypes() {
        XCTAssertTrue(
            markdown.contains(
                "**Fix:** Dispose the subscription: BehaviorSubject&lt;Int&gt;.observers keeps it; keep it in `Bag<Int>` &amp; dispose it\n"
            ),
            markdown
        )
        XCTAssertTrue(
            markdown.contains("Why: kept alive by FeedService.relay, through Relay&lt;Int&gt; and `Holder<Int>`."),
            markdown
        )
        XCTAssertTrue(markdown.contains("Heap graph off: Set&lt;Int&gt; could not be read"), markdown)
    }

    /// Outside fenced blocks and code spans, no `<` opens a tag but the report's own folds.
    func testNoFreeTextOutsideCodeReadsAsATag() throws {
        var prose = markdown.replacingOccurrences(of: "```[^`]*```", with: "", options: .regularExpression)
        prose = prose.replacingOccurrences(of: "`[^`\n]*`", with: "", options: .regularExpression)
        let tags = try NSRegularExpression(pattern: "</?[A-Za-z][^>]*>")
        let found = tags.matches(in: prose, range: NSRange(prose.startIndex..., in: prose)).compactMap {
            Range($0.range, in: prose).map { String(prose[$0]) }
        }
        XCTAssertEqual(Set(found).subtracting(["<details>", "</details>", "<summary>", "</summary>"]), [], prose)
    }
}
