import Foundation
import TestSupport
import XCTest

@testable import RxTraceReport

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Every format shows each test's outcome (passed, failed with its framework's messages,
/// skipped with its reason, known issue, crashed) beside its leak verdict, and counts the two apart.
final class TestOutcomeReportTests: XCTestCase {
    private let text = TextReportRenderer(colour: false)

    func testTheSummaryCountsOutcomesAndLeakingTestsApart() {
        XCTAssertEqual(
            text.summaryLine(TestRunFixtures.run()),
            "Summary: 7 tests · 2 passed · 2 failed · 1 skipped · 1 known issue · 1 crashed · 2 leaking · 3 leaked subscriptions"
        )
        var compared = TestRunFixtures.run()
        compared.compare(with: Baseline(signatures: ["sig-timer"]), path: "baseline.json")
        XCTAssertEqual(
            text.summaryLine(compared),
            "Summary: 7 tests · 2 passed · 2 failed · 1 skipped · 1 known issue · 1 crashed · 2 leaking (1 new) · 3 leaked subscriptions",
            "the baseline knows the timer's leak: one leaking test is new"
        )
        XCTAssertEqual(
            text.summaryLine(TestRunFixtures.run([TestRunFixtures.passing])),
            "Summary: 1 test · 1 passed · 0 failed · 0 leaking"
        )
        let counts = TestRunFixtures.run().summary.tests
        XCTAssertEqual(
            counts,
            try? JSONDecoder().decode(
                TestCounts.self,
                from: Data(
                    #"{"tests":7,"passed":2,"failed":2,"skipped":1,"knownIssues":1,"crashed":1,"hung":0,"leaking":2,"newLeaking":2}"#
                        .utf8
                )
            )
        )
        XCTAssertNil(ReportFixtures.run().summary.tests, "a scenario run has no test counts")
    }

    func testTheTextReportGivesEachTestsOutcomeAndEveryIssueAtItsPlace() {
        let report = text.render(TestRunFixtures.run())

        XCTAssertTrue(
            report.contains(
                """
                ✗ AppTests.FeedTests/testCountsRefreshes — XCTest test
                  leak check: clean · 0.10 s
                  live resources: pass 1 3→3 (0)
                  test outcome: failed
                    assertion failed at Tests/AppTests/FeedTests.swift:12: XCTAssertEqual failed: ("1") is not equal to ("99") - count after refresh

                """
            ),
            report
        )
        XCTAssertTrue(
            report.contains(
                """
                  test outcome: failed
                    assertion failed at Tests/AppTests/ProfileTests.swift:30: Expectation failed: (screen.titles.count → 1) == 2
                      screen.titles → ["a"]
                  second run differed: passed

                """
            ),
            report
        )
        XCTAssertTrue(report.contains("  test outcome: skipped (needs the network)\n"), report)
        XCTAssertTrue(
            report.contains(
                "  test outcome: known issue\n    known issue at Tests/AppTests/ProfileTests.swift:41: Expectation failed: flaky == false\n"
            ),
            report
        )
        XCTAssertTrue(
            report.contains(
                "✓ AppTests.FeedTests/testShowsTitles — XCTest test\n  leak check: clean · 0.10 s\n"
            ),
            report
        )
        XCTAssertTrue(report.contains("  test outcome: passed\n"), report)
    }

    /// A test declares no verdict: its line says what the leak check found and whether that fails
    /// the run. A test whose only finding is a property of its test case read "got leak" before.
    func testATestsLeakCheckLineSaysWhetherWhatItFoundFails() {
        var held = ReportFixtures.leak(signature: "held", count: 1)
        held.heldByTest = true
        held.suppressedBy = SuppressionRule(
            kind: .any,
            conditions: [],
            reason: "released with the test case",
            file: "rxtrace test: held by the test harness"
        )
        var anomaly = ReportFixtures.leak(signature: "anomaly", count: 3, kind: .threadAnomaly)
        anomaly.suppressedBy = SuppressionRule(
            kind: .thread,
            conditions: [],
            reason: "a thread anomaly seen during the test",
            file: "rxtrace test: thread anomalies"
        )
        let leak = ReportFixtures.leak(signature: "leak", count: 1)
        func line(_ findings: [LeakFinding]) -> String {
            var test = TestRunFixtures.test("AppTests.A/testA", TestOutcome(result: .passed), findings: findings)
            test.actualVerdict = findings.isEmpty ? .clean : .leak
            let rendered = text.render(test)
            return String(rendered.split(separator: "\n")[1])
        }
        XCTAssertEqual(line([]), "  leak check: clean · 0.10 s")
        XCTAssertEqual(line([leak, held]), "  leak check: leak · 0.10 s")
        XCTAssertEqual(line([held]), "  leak check: held by the test (not failing) · 0.10 s")
        XCTAssertEqual(line([held, anomaly]), "  leak check: held by the test, thread anomaly (not failing) · 0.10 s")
    }

    func testATerminalGetsOnlyTheFailingTestsWithTheirMessagesAndFindings() {
        let body = text.body(TestRunFixtures.run(), failingOnly: true)

        for shown in ["testCountsRefreshes", "profileUpdates()", "testLeaksTimer", "testTraps"] {
            XCTAssertTrue(body.contains(shown), "\(shown) fails the run:\n\(body)")
        }
        for hidden in ["testShowsTitles", "testNeedsNetwork", "flakyProfile()"] {
            XCTAssertFalse(body.contains(hidden), "\(hidden) does not fail the run:\n\(body)")
        }
        XCTAssertTrue(body.contains("XCTAssertEqual failed"), body)
        XCTAssertTrue(body.contains("signature: sig-timer"), body)
        XCTAssertFalse(body.contains("Summary:"), "the summary comes after the files' paths")
    }

    func testTheMarkdownPutsFailedTestsWithTheirMessagesAboveTheLeaks() throws {
        let markdown = MarkdownReportRenderer().render(TestRunFixtures.run())

        let failed = try XCTUnwrap(markdown.range(of: "### Failed tests"))
        let leaks = try XCTUnwrap(markdown.range(of: "### Failing\n"))
        XCTAssertLessThan(failed.lowerBound, leaks.lowerBound, markdown)
        XCTAssertTrue(
            markdown.contains(
                #"**AppTests.FeedTests/testCountsRefreshes**"# + "\n\n"
                    + #"- assertion failed at `Tests/AppTests/FeedTests.swift:12`: XCTAssertEqual failed: ("1") is not equal to ("99") - count after refresh"#
            ),
            markdown
        )
        XCTAssertTrue(
            markdown.contains(
                "- assertion failed at `Tests/AppTests/ProfileTests.swift:30`:\n\n  ```\n  Expectation failed: (screen.titles.count → 1) == 2\n  screen.titles → [\"a\"]\n  ```\n"
            ),
            markdown
        )
        XCTAssertTrue(markdown.contains("| Test | Outcome | Leak check | Result |"), markdown)
        XCTAssertTrue(markdown.contains("| AppTests.FeedTests/testNeedsNetwork | skipped | clean | pass |"), markdown)
        XCTAssertTrue(markdown.contains("| AppTests.flakyProfile() | known issue | clean | pass |"), markdown)
        XCTAssertFalse(
            MarkdownReportRenderer().render(ReportFixtures.run()).contains("Failed tests"),
            "a scenario run has no test section"
        )
    }

    func testTheHTMLShowsFailedTestsBeforeTheFindingsAndEachOutcomeInItsSection() throws {
        let html = HTMLReportRenderer().render(TestRunFixtures.run())

        let failed = try XCTUnwrap(html.range(of: #"<section id="failed-tests">"#))
        let findings = try XCTUnwrap(html.range(of: #"<section id="findings">"#))
        XCTAssertLessThan(failed.lowerBound, findings.lowerBound)
        let section = String(html[failed.lowerBound..<findings.lowerBound])
        XCTAssertTrue(section.contains("AppTests.FeedTests/testCountsRefreshes"), section)
        XCTAssertTrue(section.contains("<code>Tests/AppTests/FeedTests.swift:12</code>"), section)
        XCTAssertTrue(section.contains("XCTAssertEqual failed: (&quot;1&quot;) is not equal to"), section)
        XCTAssertFalse(section.contains("testLeaksTimer"), "a test that only leaks is not a failed test")
        XCTAssertTrue(html.contains("Test outcome: <b>skipped (needs the network)</b>"), html)
        XCTAssertTrue(html.contains(#"<li class="known-issue"><b>known issue</b>"#), html)
        XCTAssertTrue(html.contains("<th>Outcome</th>"), html)
    }

    func testJUnitHasOneTestcasePerTestWithAssertionLeakAndSkipApart() throws {
        let xml = JUnitReportRenderer().render(TestRunFixtures.run())
        let document = try XMLDocument(data: Data(xml.utf8))
        func testcase(_ classname: String, _ name: String) throws -> XMLElement {
            try XCTUnwrap(
                document.nodes(forXPath: "//testcase[@classname='\(classname)'][@name='\(name)']").first as? XMLElement,
                "\(classname) \(name)"
            )
        }
        XCTAssertEqual(try document.nodes(forXPath: "//testcase").count, 7)
        let suite = try XCTUnwrap(document.nodes(forXPath: "//testsuite").first as? XMLElement)
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "3")
        XCTAssertEqual(suite.attribute(forName: "errors")?.stringValue, "1")
        XCTAssertEqual(suite.attribute(forName: "skipped")?.stringValue, "1")

        let failing = try testcase("AppTests.FeedTests", "testCountsRefreshes")
        let assertion = try XCTUnwrap(failing.elements(forName: "failure").first)
        XCTAssertEqual(failing.elements(forName: "failure").count, 1)
        XCTAssertEqual(assertion.attribute(forName: "type")?.stringValue, "assertion")
        XCTAssertEqual(
            assertion.attribute(forName: "message")?.stringValue,
            #"XCTAssertEqual failed: ("1") is not equal to ("99") - count after refresh (Tests/AppTests/FeedTests.swift:12)"#
        )

        let both = try testcase("AppTests", "profileUpdates()")
        XCTAssertEqual(
            both.elements(forName: "failure").compactMap { $0.attribute(forName: "type")?.stringValue },
            ["assertion", "leak"]
        )
        let leak = try XCTUnwrap(
            try testcase("AppTests.FeedTests", "testLeaksTimer").elements(forName: "failure").first
        )
        XCTAssertEqual(leak.attribute(forName: "type")?.stringValue, "leak")
        XCTAssertEqual(
            leak.attribute(forName: "message")?.stringValue,
            "2 leaked subscriptions · interval → map → subscribe at Sources/App/Feed.swift:42"
        )

        let skipped = try testcase("AppTests.FeedTests", "testNeedsNetwork")
        XCTAssertEqual(
            skipped.elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue,
            "needs the network"
        )
        XCTAssertTrue(skipped.elements(forName: "failure").isEmpty)

        let known = try testcase("AppTests", "flakyProfile()")
        XCTAssertTrue(known.elements(forName: "failure").isEmpty, "a known issue is not a failure")
        XCTAssertEqual(
            known.elements(forName: "system-out").first?.stringValue,
            "known issue at Tests/AppTests/ProfileTests.swift:41: Expectation failed: flaky == false\n"
        )
        XCTAssertTrue(try testcase("AppTests", "flakyProfile()").elements(forName: "skipped").isEmpty)
        XCTAssertEqual(try testcase("AppTests.FeedTests", "testTraps").elements(forName: "error").count, 1)
        let passed = try testcase("AppTests.FeedTests", "testShowsTitles")
        XCTAssertEqual(passed.elements(forName: "failure").count + passed.elements(forName: "skipped").count, 0)
    }

    func testTheJSONCarriesOutcomesAndCountsValidatesAndReadsBack() throws {
        let report = TestRunFixtures.run()
        let data = try JSONReportCoding.encode(report)
        let validation = try SchemaValidator.validate("json", String(decoding: data, as: UTF8.self))
        XCTAssertEqual(validation.status, 0, validation.output)

        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(object["schemaVersion"] as? Int, 3)
        let tests = try XCTUnwrap((object["summary"] as? [String: Any])?["tests"] as? [String: Any])
        XCTAssertEqual(tests["failed"] as? Int, 2)
        XCTAssertEqual(tests["leaking"] as? Int, 2)
        let first = try XCTUnwrap((object["scenarios"] as? [[String: Any]])?[1]["testOutcome"] as? [String: Any])
        XCTAssertEqual(first["result"] as? String, "failed")

        let read = try JSONReportCoding.decode(data)
        XCTAssertEqual(read.scenarios.map(\.testOutcome), report.scenarios.map(\.testOutcome))
    }

    func testAVersionTwoReportIsStillRead() throws {
        var old = try XCTUnwrap(
            JSONSerialization.jsonObject(with: JSONReportCoding.encode(ReportFixtures.run())) as? [String: Any]
        )
        old["schemaVersion"] = 2
        let read = try JSONReportCoding.decode(JSONSerialization.data(withJSONObject: old))
        XCTAssertEqual(read.schemaVersion, 2)
        XCTAssertEqual(read.scenarios.map(\.name), ReportFixtures.run().scenarios.map(\.name))
        XCTAssertNil(read.scenarios[0].testOutcome)
    }

    func testSARIFNamesTheTestInALeaksMessage() throws {
        let sarif = SARIFReportRenderer().render(TestRunFixtures.run([TestRunFixtures.leaking]))
        XCTAssertTrue(
            sarif.contains(
                "2 leaked subscriptions · interval → map → subscribe in test AppTests.FeedTests/testLeaksTimer"
            ),
            sarif
        )
        XCTAssertTrue(
            sarif.contains(#""test" : "AppTests.FeedTests\/testLeaksTimer""#)
                || sarif.contains(#""test" : "AppTests.FeedTests/testLeaksTimer""#),
            sarif
        )
        XCTAssertFalse(sarif.contains("in scenario"), sarif)
    }
}
