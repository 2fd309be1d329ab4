import Foundation
import RxTrace
import XCTest

final class HTMLReportRendererTests: XCTestCase {
    func testSummaryTableHasOneRowPerScenarioWithVerdictExpectedLeaksGrowth() throws {
        let html = HTMLReportRenderer().render(ReportFixtures.run())

        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        XCTAssertTrue(
            html.contains(
                "<table id=\"summary\">\n<thead><tr><th>Scenario</th><th>Verdict</th><th>Expected</th><th>Leaks</th><th>Growth</th><th>Result</th></tr>\n</thead>"
            ),
            html
        )
        XCTAssertTrue(
            html.contains(
                "<tr class=\"fail\" data-scenario=\"dataProviderLeak\"><td><a href=\"#scenario-1\">dataProviderLeak</a></td><td class=\"verdict mismatch\">leak</td><td>clean</td><td class=\"num\">2</td><td class=\"num\">+3</td><td class=\"result\">fail</td></tr>"
            ),
            html
        )
        XCTAssertTrue(html.contains("<td class=\"result\">crashed</td>"), html)
        XCTAssertTrue(
            html.contains("<pre>pass 1 ok\nFatal error: boom &lt;red&gt; &amp; done</pre>"),
            "colour codes stripped"
        )
        XCTAssertEqual(html.components(separatedBy: "<tr class=").count - 1, 4)
    }

    func testEachFindingIsACollapsibleDetailsWithItsBacktrace() {
        let html = HTMLReportRenderer().render(ReportFixtures.run())

        XCTAssertEqual(html.components(separatedBy: "<details class=\"finding leakedSubscription ").count - 1, 2)
        XCTAssertTrue(
            html.contains(
                "<summary><span class=\"badge failing\">fails</span> 2 leaked subscriptions · interval → map → subscribe<span class=\"scenario-name\"> · dataProviderLeak</span></summary>"
            ),
            html
        )
        XCTAssertTrue(
            html.contains(
                "<p class=\"site\"><code>Sources/App/Feed.swift:42</code> in <code>FeedViewModel.bind()</code></p>"
            ),
            html
        )
        XCTAssertTrue(
            html.contains("<li class=\"folded\"><details><summary>… 5 RxTrace and RxCore frames</summary>\n<ol>"),
            html
        )
        XCTAssertTrue(
            html.contains(
                "<li class=\"frame user\"><code>FeedViewModel.bind()</code> <span class=\"loc\">Sources/App/Feed.swift:42</span></li>"
            ),
            html
        )
    }

    func testFindingsComeFirstFailingThenExpectedWithTheFirstFailingOneOpen() throws {
        var report = ReportFixtures.run()
        // A second failing finding, later in the scenario order than the expected leak's scenario.
        var late = ReportFixtures.leakyScenario
        late.name = "lateLeak"
        late.findings[0].signature = "sig-late"
        report.scenarios.append(late)
        let html = HTMLReportRenderer().render(report)

        let findings = try XCTUnwrap(html.range(of: "<section id=\"findings\">"))
        let table = try XCTUnwrap(html.range(of: "<table id=\"summary\">"))
        XCTAssertTrue(findings.lowerBound < table.lowerBound, "findings before the scenarios table")
        let order = ["sig-interval-map", "sig-late", "sig-interval-expected"].map {
            html.range(of: "data-signature=\"\($0)\"")!.lowerBound
        }
        XCTAssertEqual(order, order.sorted(), "failing ones (in scenario order), then the expected leak")
        XCTAssertTrue(
            html.contains(
                "<details class=\"finding leakedSubscription failing\" id=\"finding-0\" data-signature=\"sig-interval-map\" data-standing=\"failing\" open>"
            ),
            html
        )
        XCTAssertTrue(
            html.contains(
                "<details class=\"finding leakedSubscription failing\" id=\"finding-1\" data-signature=\"sig-late\" data-standing=\"failing\">"
            ),
            "only the first is open"
        )
        XCTAssertTrue(html.contains("<span class=\"badge expected\">expected leak</span> 1 leaked subscription"), html)
        // The clean scenario is folded away; scenarios link to their findings.
        XCTAssertTrue(
            html.contains(
                "<details class=\"scenario clean\" id=\"scenario-0\"><summary><span class=\"badge pass\">clean</span> gitFeed — GitFeed request chain, bagged</summary>"
            ),
            html
        )
        XCTAssertTrue(
            html.contains("Findings: <a href=\"#finding-0\">2 leaked subscriptions · interval → map → subscribe</a>"),
            html
        )
    }

    func testEachFindingShowsItsSourceItsFixAndItsCountPerPass() {
        let html = HTMLReportRenderer().render(ReportFixtures.run([ReportFixtures.leakyScenario]))

        XCTAssertTrue(
            html.contains(
                "<pre class=\"snippet\"><span class=\"line\"><span class=\"no\">40</span>    func bind() {</span>"
            ),
            html
        )
        XCTAssertTrue(
            html.contains(
                "<span class=\"line hl\"><span class=\"no\">42</span>            .map { &quot;tick \\($0)&quot; }.subscribe(onNext: { [label] in label.text = $0 })</span>"
            ),
            html
        )
        XCTAssertTrue(
            html.contains("<p class=\"fix\"><b>Fix: </b>Dispose it with the owner: add `.disposed(by: disposeBag)`"),
            html
        )
        XCTAssertTrue(
            html.contains(
                "<figure class=\"pass-chart\"><svg width=\"112\" height=\"44\" viewBox=\"0 0 112 44\" role=\"img\" aria-label=\"Still alive per pass: 1, 1\">"
            ),
            html
        )
        XCTAssertTrue(html.contains("<polyline class=\"series\" points=\"20,8 92,8\">"), html)
    }

    func testIsSelfContainedWithoutNetwork() {
        let html = HTMLReportRenderer().render(ReportFixtures.run())

        XCTAssertTrue(
            html.contains(
                "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; script-src &#39;unsafe-inline&#39;\">"
            )
        )
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
        let folder =
            ProcessInfo.processInfo.environment["RXTRACE_SAMPLE_DIR"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-sample-\(UUID().uuidString)").path
        var legacy = ReportFixtures.leakyScenario
        legacy.name = "legacyFeed"
        legacy.summary = "Legacy feed screen, leak suppressed"
        legacy.findings[0].signature = "sig-legacy"
        legacy.findings[0].callSite = SourceLocation(
            file: "Sources/Legacy/OldFeed.swift",
            line: 17,
            function: "OldFeed.start()"
        )
        var report = ReportFixtures.run(
            ReportFixtures.run().scenarios + [
                legacy, ReportFixtures.hostile().scenarios[0], ReportFixtures.hungScenario,
            ]
        )
        report.interruption = RunInterruption(signal: "SIGINT", unfinishedScenarios: ["feedSlow", "profileSlow"])
        report.apply(suppressions: [
            SuppressionRule(
                kind: .leak,
                conditions: [.init(field: .file, pattern: "Sources/Legacy/*")],
                reason: "legacy module, rewrite planned (FEED-12)",
                file: "rxtrace-suppressions.txt",
                line: 4
            )
        ])

        let written = try ReportWriter(directory: folder, formats: [.html, .json]).write(report)

        XCTAssertEqual(written.map { URL(fileURLWithPath: $0).lastPathComponent }, ["rxtrace.html", "rxtrace.json"])
        if ProcessInfo.processInfo.environment["RXTRACE_SAMPLE_DIR"] == nil {
            try FileManager.default.removeItem(atPath: folder)
        }
    }
}
