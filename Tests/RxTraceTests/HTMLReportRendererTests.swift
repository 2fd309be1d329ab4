import Foundation
import RxTrace
import XCTest

final class HTMLReportRendererTests: XCTestCase {
    func testSummaryTableHasOneRowPerScenarioWithVerdictExpectedLeaksGrowth() throws {
        let html = HTMLReportRenderer().render(ReportFixtures.run())

        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        XCTAssertTrue(html.contains("<table id=\"summary\">\n<thead><tr><th>Scenario</th><th>Verdict</th><th>Expected</th><th>Leaks</th><th>Growth</th><th>Result</th></tr>\n</thead>"), html)
        XCTAssertTrue(html.contains(
            "<tr class=\"fail\" data-scenario=\"dataProviderLeak\"><td><a href=\"#scenario-1\">dataProviderLeak</a></td><td class=\"verdict mismatch\">leak</td><td>clean</td><td class=\"num\">2</td><td class=\"num\">+3</td><td class=\"result\">fail</td></tr>"
        ), html)
        XCTAssertTrue(html.contains("<td class=\"result\">crashed</td>"), html)
        XCTAssertTrue(html.contains("<pre>pass 1 ok\nFatal error: boom &lt;red&gt; &amp; done</pre>"), "colour codes stripped")
        XCTAssertEqual(html.components(separatedBy: "<tr class=").count - 1, 4)
    }

    func testEachFindingIsACollapsibleDetailsWithItsBacktrace() {
        let html = HTMLReportRenderer().render(ReportFixtures.run())

        XCTAssertEqual(html.components(separatedBy: "<details class=\"finding leakedSubscription\"").count - 1, 2)
        XCTAssertTrue(html.contains("<summary>2 leaked subscriptions · interval → map → subscribe</summary>"), html)
        XCTAssertTrue(html.contains("<dt>Call site</dt><dd><code>Sources/App/Feed.swift:42</code> in <code>FeedViewModel.bind()</code></dd>"), html)
        XCTAssertTrue(html.contains("<li class=\"folded\"><details><summary>… 5 RxTrace and RxCore frames</summary>\n<ol>"), html)
        XCTAssertTrue(html.contains("<li class=\"frame user\"><code>FeedViewModel.bind()</code> <span class=\"loc\">Sources/App/Feed.swift:42</span></li>"), html)
    }

    func testIsSelfContainedWithoutNetwork() {
        let html = HTMLReportRenderer().render(ReportFixtures.run())

        XCTAssertTrue(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; script-src &#39;unsafe-inline&#39;\">"))
        for reference in ["<link", "src=\"http", "href=\"http", "@import", "url(", "<script src"] {
            XCTAssertFalse(html.contains(reference), "external reference \(reference)")
        }
    }

    func testEscapesEverythingFromTheReport() {
        let html = HTMLReportRenderer().render(ReportFixtures.hostile())

        XCTAssertFalse(html.contains("<img src=x"), html)
        XCTAssertFalse(html.contains("<script>alert"), html)
        XCTAssertFalse(html.contains("</details><b>"), html)
        XCTAssertFalse(html.contains("<Feed>"), html)
        XCTAssertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;"), html)
        XCTAssertTrue(html.contains("data-signature=\"sig&lt;&amp;&gt;&quot;&#39;\""), html)
        XCTAssertTrue(html.contains("&lt;/details&gt;&lt;b&gt;not bold&lt;/b&gt;"), html)
        XCTAssertTrue(html.contains("<pre>]]&gt; \u{0} \u{7} &lt;out&gt;</pre>"), html)
        XCTAssertEqual(html.components(separatedBy: "<script>").count - 1, 1, "only the report's own script")
    }

    /// Writes the sample the browser check (`make html-check`) loads into Chromium, to
    /// RXTRACE_SAMPLE_DIR when set; otherwise into a temporary folder, as a plain write test.
    func testWritesBrowserCheckSample() throws {
        let folder = ProcessInfo.processInfo.environment["RXTRACE_SAMPLE_DIR"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-sample-\(UUID().uuidString)").path
        var legacy = ReportFixtures.leakyScenario
        legacy.name = "legacyFeed"
        legacy.summary = "Legacy feed screen, leak suppressed"
        legacy.findings[0].signature = "sig-legacy"
        legacy.findings[0].callSite = SourceLocation(file: "Sources/Legacy/OldFeed.swift", line: 17, function: "OldFeed.start()")
        var report = ReportFixtures.run(ReportFixtures.run().scenarios + [legacy, ReportFixtures.hostile().scenarios[0]])
        report.apply(suppressions: [SuppressionRule(kind: .leak, conditions: [.init(field: .file, pattern: "Sources/Legacy/*")], reason: "legacy module, rewrite planned (FEED-12)", file: "rxtrace-suppressions.txt", line: 4)])

        let written = try ReportWriter(directory: folder, formats: [.html, .json]).write(report)

        XCTAssertEqual(written.map { URL(fileURLWithPath: $0).lastPathComponent }, ["rxtrace.html", "rxtrace.json"])
        if ProcessInfo.processInfo.environment["RXTRACE_SAMPLE_DIR"] == nil {
            try FileManager.default.removeItem(atPath: folder)
        }
    }
}
