import Foundation
import RxTrace
import TestSupport
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Every format tells the whole story of a run that did not end normally: an interrupted run
/// (Ctrl-C) says so and names what did not finish; a scenario that hung or crashed shows the
/// line its threads waited or crashed at, near the top.
final class StoppedRunReportTests: XCTestCase {
    // MARK: HTML

    func testHTMLHeadsAnInterruptedRunWithABannerNamingWhatDidNotFinish() throws {
        let html = HTMLReportRenderer().render(ReportFixtures.interrupted())

        XCTAssertTrue(
            html.contains(
                "<p id=\"interruption\" class=\"banner interrupted\" role=\"alert\">Interrupted by SIGINT; 2 scenarios did not finish: feedSlow, profileSlow. The report holds the scenarios that finished.</p>"
            ),
            html
        )
        let banner = try XCTUnwrap(html.range(of: "id=\"interruption\""))
        let findings = try XCTUnwrap(html.range(of: "<section id=\"findings\">"))
        XCTAssertTrue(banner.lowerBound < findings.lowerBound, "the banner is in the header, above everything")
        XCTAssertTrue(
            html.contains("No findings in the scenarios that ran to the end; not every scenario did (see above)."),
            "an interrupted run must not claim that nothing leaked"
        )
        XCTAssertFalse(html.contains("nothing the measured passes created is still alive"), html)
        XCTAssertFalse(
            HTMLReportRenderer().render(ReportFixtures.run([ReportFixtures.cleanScenario])).contains(
                "id=\"interruption\""
            )
        )
    }

    func testHTMLShowsWhereAHungScenarioWaitedBeforeTheFindings() throws {
        let html = HTMLReportRenderer().render(
            ReportFixtures.run([ReportFixtures.leakyScenario, ReportFixtures.hungScenario])
        )

        let stopped = try XCTUnwrap(html.range(of: "<section id=\"stopped\">"))
        let findings = try XCTUnwrap(html.range(of: "<section id=\"findings\">"))
        XCTAssertTrue(stopped.lowerBound < findings.lowerBound, "a hang has no finding: it is shown first")
        let section = String(html[stopped.lowerBound..<findings.lowerBound])
        XCTAssertTrue(
            section.contains(
                "<h3><a href=\"#scenario-1\">deadlocks</a> <span class=\"badge fail\">timed out after 2.00 s</span></h3>"
            ),
            section
        )
        XCTAssertTrue(
            section.contains(
                "<p class=\"site stopped-at\">thread &quot;main&quot; waited at <code>Sources/App/Feed.swift:58</code> in <code>FeedViewModel.reload()</code></p>"
            ),
            section
        )
        XCTAssertTrue(
            section.contains("<span class=\"line hl\"><span class=\"no\">58</span>        lock.lock()</span>"),
            section
        )
        XCTAssertTrue(
            section.contains("thread &quot;feed-worker&quot; waited at <code>Sources/App/FeedService.swift:21</code>"),
            section
        )
        XCTAssertFalse(section.contains("ol class=\"backtrace\""), "the stacks are in the scenario's section")

        // The scenario's own section has every user-code thread's stack and counts the rest.
        let article = String(
            html[try XCTUnwrap(html.range(of: "<article class=\"scenario fail\" id=\"scenario-1\">")).lowerBound...]
        )
        XCTAssertTrue(article.contains("<section class=\"stacks\">\n<h4>Where it waited</h4>"), article)
        XCTAssertTrue(
            article.contains(
                "<li class=\"frame user\"><code>FeedViewModel.reload()</code> <span class=\"loc\">Sources/App/Feed.swift:58</span></li>"
            ),
            article
        )
        XCTAssertTrue(article.contains("<p class=\"meta\">… 1 other thread not in user code</p>"), article)
        XCTAssertTrue(html.contains("<td class=\"result\">timed out</td>"), "words, not the JSON state 'timedOut'")
    }

    func testHTMLSaysWhenACrashLeftNoStack() throws {
        let html = HTMLReportRenderer().render(ReportFixtures.run([ReportFixtures.crashedScenario]))

        XCTAssertTrue(
            html.contains(
                "<h3><a href=\"#scenario-0\">crashes</a> <span class=\"badge fail\">crashed (signal 4)</span></h3>"
            ),
            html
        )
        XCTAssertTrue(
            html.contains(
                "Where it stopped is unknown: no thread stacks were captured; see its output in its section."
            ),
            html
        )
    }

    func testHTMLShowsNoStoppedSectionForAScenarioThatDeclaresItsHang() {
        var expected = ReportFixtures.hungScenario
        expected.expectedVerdict = .timedOut
        let html = HTMLReportRenderer().render(ReportFixtures.run([expected]))

        XCTAssertFalse(html.contains("<section id=\"stopped\">"), "an expected hang passes: it is no news")
        XCTAssertTrue(html.contains("<h4>Where it waited</h4>"), "its section still shows where it waited")
    }

    // MARK: JUnit

    func testJUnitReportsAHangAsAnErrorWhoseMessageNamesTheLineItWaitedAt() throws {
        let xml = JUnitReportRenderer().render(
            ReportFixtures.run([ReportFixtures.leakyScenario, ReportFixtures.hungScenario])
        )
        let suite = try XCTUnwrap(
            try XMLDocument(data: Data(xml.utf8)).rootElement()?.elements(forName: "testsuite").first
        )

        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "1")
        XCTAssertEqual(suite.attribute(forName: "errors")?.stringValue, "1")
        let hung = suite.elements(forName: "testcase")[1]
        XCTAssertTrue(hung.elements(forName: "failure").isEmpty)
        let error = try XCTUnwrap(hung.elements(forName: "error").first)
        XCTAssertEqual(error.attribute(forName: "type")?.stringValue, "timedOut")
        XCTAssertEqual(
            error.attribute(forName: "message")?.stringValue,
            "scenario timed out after 2.00 s; waited at Sources/App/Feed.swift:58 in FeedViewModel.reload() (thread \"main\") and 1 more thread in user code"
        )
        let body = try XCTUnwrap(error.stringValue)
        XCTAssertTrue(
            body.contains(
                "where it waited:\n    thread \"main\" at Sources/App/Feed.swift:58 in FeedViewModel.reload()\n      lock.lock()\n"
            ),
            body
        )
    }

    func testJUnitListsTheScenariosAnInterruptionStoppedAsErrors() throws {
        let xml = JUnitReportRenderer().render(ReportFixtures.interrupted())
        let suite = try XCTUnwrap(
            try XMLDocument(data: Data(xml.utf8)).rootElement()?.elements(forName: "testsuite").first
        )

        XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "3")
        XCTAssertEqual(suite.attribute(forName: "errors")?.stringValue, "2")
        let cases = suite.elements(forName: "testcase")
        XCTAssertEqual(
            cases.map { $0.attribute(forName: "name")?.stringValue },
            ["gitFeed", "feedSlow", "profileSlow"]
        )
        let error = try XCTUnwrap(cases[1].elements(forName: "error").first)
        XCTAssertEqual(error.attribute(forName: "type")?.stringValue, "interrupted")
        XCTAssertEqual(
            error.attribute(forName: "message")?.stringValue,
            "did not finish: the run was interrupted by SIGINT"
        )
        XCTAssertEqual(
            error.stringValue,
            "The run was interrupted by SIGINT; 2 scenarios did not finish: feedSlow, profileSlow. This scenario's result is unknown."
        )
        let properties = try XCTUnwrap(suite.elements(forName: "properties").first).elements(forName: "property")
        XCTAssertTrue(properties.contains { $0.attribute(forName: "name")?.stringValue == "interrupted" })
    }

    // MARK: SARIF

    func testSARIFPlacesTheLineAHungScenarioWaitedAt() throws {
        let sarif = SARIFReportRenderer().render(ReportFixtures.run([ReportFixtures.hungScenario]))
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try XCTUnwrap((document["runs"] as? [[String: Any]])?.first)
        let invocation = try XCTUnwrap((run["invocations"] as? [[String: Any]])?.first)
        let notification = try XCTUnwrap((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)

        XCTAssertEqual(
            (notification["message"] as? [String: String])?["text"],
            "Scenario deadlocks timed out after 2.00 s; waited at Sources/App/Feed.swift:58 in FeedViewModel.reload() (thread \"main\") and 1 more thread in user code."
        )
        let locations = try XCTUnwrap(notification["locations"] as? [[String: Any]])
        XCTAssertEqual(locations.count, 2)
        let physical = try XCTUnwrap(locations[0]["physicalLocation"] as? [String: Any])
        XCTAssertEqual(
            physical["artifactLocation"] as? [String: String],
            ["uri": "Sources/App/Feed.swift", "uriBaseId": "%SRCROOT%"]
        )
        XCTAssertEqual((physical["region"] as? [String: Int])?["startLine"], 58)
        XCTAssertEqual(
            (locations[0]["message"] as? [String: String])?["text"],
            "thread \"main\" waited here, in FeedViewModel.reload()"
        )
        let validation = try SchemaValidator.validate("sarif", sarif)
        XCTAssertEqual(validation.status, 0, validation.output)
    }

    // MARK: Markdown and text

    func testMarkdownShowsWhereAHungScenarioWaitedBeforeTheFailingFindings() throws {
        let markdown = MarkdownReportRenderer().render(
            ReportFixtures.run([ReportFixtures.leakyScenario, ReportFixtures.hungScenario])
        )

        let stopped = try XCTUnwrap(
            markdown.range(of: "### Stopped (crashed, timed out or threw)\n\n**deadlocks**: timed out after 2.00 s\n\n")
        )
        let failing = try XCTUnwrap(markdown.range(of: "### Failing"))
        XCTAssertTrue(stopped.lowerBound < failing.lowerBound)
        XCTAssertTrue(markdown.contains("| deadlocks | timed out | clean | timed out |"), markdown)
        XCTAssertTrue(
            markdown.contains(
                "- thread \"main\" waited at `Sources/App/Feed.swift:58` in `FeedViewModel.reload()`\n- thread \"feed-worker\" waited at `Sources/App/FeedService.swift:21` in `closure #1 in FeedService.start()`\n- 1 other thread not in user code\n\n```swift\n  57     func reload() {\n→ 58         lock.lock()\n"
            ),
            markdown
        )
    }

    func testMarkdownHeadsAnInterruptedRun() {
        let markdown = MarkdownReportRenderer().render(ReportFixtures.interrupted())

        XCTAssertTrue(
            markdown.contains(
                "⚠️ interrupted by SIGINT; 2 scenarios did not finish: feedSlow, profileSlow; the report holds the scenarios that finished.\n"
            ),
            markdown
        )
        XCTAssertTrue(markdown.hasPrefix("## ❌ "), "an interrupted run is not a pass")
    }

    func testTextShowsTheSourceLineEachStoppedThreadWaitedAt() {
        let text = TextReportRenderer(colour: false).render(ReportFixtures.hungScenario)

        XCTAssertTrue(
            text.contains(
                "  where it waited:\n    thread \"main\" at Sources/App/Feed.swift:58 in FeedViewModel.reload()\n      lock.lock()\n"
            ),
            text
        )
        XCTAssertTrue(text.contains("    … 1 other thread not in user code\n"), text)
    }

    // MARK: Snippets for stopped threads

    func testSnippetsAreReadForTheLineAStoppedThreadWaitedAt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxtrace-snippets-\(UUID().uuidString)"
        )
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Sources/App"),
            withIntermediateDirectories: true
        )
        try "import Foundation\nfunc reload() {\n    lock.lock()\n}\n".write(
            to: root.appendingPathComponent("Sources/App/Feed.swift"),
            atomically: true,
            encoding: .utf8
        )
        var scenario = ReportFixtures.hungScenario
        for index in scenario.threadStacks.indices { scenario.threadStacks[index].snippet = nil }
        scenario.threadStacks[0].frames[2].line = 3

        let report = ReportFixtures.run([scenario]).addingSnippets(from: SourceRoot(path: root.path), context: 1)

        XCTAssertEqual(
            report.scenarios[0].threadStacks[0].snippet,
            SourceSnippet(firstLine: 2, lines: ["func reload() {", "    lock.lock()", "}"], highlightedLine: 3)
        )
        XCTAssertNil(report.scenarios[0].threadStacks[1].snippet, "its file does not exist: no snippet, no guess")
        XCTAssertNil(report.scenarios[0].threadStacks[2].snippet, "no user frame")
    }
}
