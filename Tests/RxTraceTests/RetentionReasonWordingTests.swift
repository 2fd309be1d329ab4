import Foundation
import RxTrace
import XCTest

/// A finding's retention reason names its holder ("kept alive by …"); every format shows it
/// as it is. Seen in a user's package: "retained by: kept alive by the periodic timer of …"
/// (text), "Retained by kept alive by …" (SARIF).
final class RetentionReasonWordingTests: XCTestCase {
    private let report = ReportFixtures.run([ReportFixtures.leakyScenario])
    private let reason = "kept alive by the periodic timer of SerialDispatchQueueScheduler(feed)"

    func testTextShowsTheReasonWithoutALabelInFront() {
        let text = TextReportRenderer(colour: false).render(report)
        XCTAssertTrue(text.contains("(still alive per pass: 1, 1)\n    \(reason)\n"), text)
        XCTAssertFalse(text.lowercased().contains("retained by"), text)
    }

    func testHTMLMarkdownAndSARIFDoNotStutter() {
        let html = HTMLReportRenderer().render(report)
        XCTAssertTrue(html.contains("<dt>Why</dt><dd>\(reason)</dd>"), html)
        let markdown = MarkdownReportRenderer().render(report)
        XCTAssertTrue(markdown.contains("Why: \(reason).\n"), markdown)
        let sarif = SARIFReportRenderer().render(report)
        XCTAssertTrue(
            sarif.contains(
                "grows by 1 per pass. Kept alive by the periodic timer of SerialDispatchQueueScheduler(feed)."
            ),
            sarif
        )
        for rendered in [html, markdown, sarif] {
            XCTAssertFalse(rendered.lowercased().contains("retained by"), rendered)
            XCTAssertFalse(rendered.contains("Retained:"), rendered)
        }
    }

    func testTheBaselineLineCountsInTheRightNumber() {
        var run = report
        run.baseline = BaselineInfo(
            path: "b.json",
            signatureCount: 1,
            knownFindings: 1,
            newFindings: 0,
            absentSignatures: []
        )
        XCTAssertTrue(
            TextReportRenderer(colour: false).render(run).contains(
                "baseline b.json: 1 known signature, 0 new, 1 known\n"
            )
        )
    }
}
