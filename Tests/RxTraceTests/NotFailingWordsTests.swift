import Foundation
import RxTrace
import XCTest

// Issue 31: a finding that does not fail a test run is said to be what it is, in the same words
// in every format: "suppressed" only for a suppressions file's match, "in the baseline", "held
// by the test", "still running after the test". Markdown once listed all four under "Accepted
// (suppressed or in the baseline)", and its tests table and HTML's said "leak" of a test the
// text report calls "… (not failing)".
final class NotFailingWordsTests: XCTestCase {
    private static func finding(_ signature: String, _ change: (inout LeakFinding) -> Void) -> LeakFinding {
        var finding = ReportFixtures.leak(signature: signature, count: 1)
        change(&finding)
        return finding
    }

    private static func passedTest(_ name: String, _ finding: LeakFinding) -> ScenarioReport {
        TestRunFixtures.test("AppTests.FeedTests/\(name)", TestOutcome(result: .passed), findings: [finding])
    }

    /// One passed test per reason a finding does not fail, each reason's finding alone in it.
    private let formats: EveryFormat = {
        let suppressed = finding("sig-suppressed") {
            $0.suppressedBy = SuppressionRule(
                kind: .leak,
                conditions: [],
                reason: "a known leak in the feed",
                file: "ci/rxtrace-suppressions.txt",
                line: 3
            )
        }
        let known = finding("sig-known") { $0.isNew = false }
        let held = finding("sig-held") {
            $0.heldByTest = true
            $0.suppressedBy = SuppressionRule(
                kind: .any,
                conditions: [],
                reason: "kept by the test case",
                file: "rxtrace test: held by the test harness"
            )
        }
        let running = finding("sig-running") {
            $0.suppressedBy = SuppressionRule(
                kind: .any,
                conditions: [],
                reason: "still running after the test: 1 item pending on SerialDispatchQueueScheduler(feed)",
                file: "rxtrace test: still running after the test"
            )
        }
        let run = TestRunFixtures.run([
            passedTest("testSuppressed", suppressed), passedTest("testKnown", known),
            passedTest("testHeld", held), passedTest("testRunning", running),
        ])
        return try! EveryFormat(run)
    }()

    /// The rows of Markdown's folded table titled `heading`, or nil when there is none.
    private func markdownSection(_ heading: String) -> [String]? {
        let markdown = formats.read[.markdown] ?? ""
        guard let start = markdown.range(of: "<details><summary>\(heading): ") else { return nil }
        let section = markdown[start.upperBound...]
        let end = section.range(of: "</details>")?.lowerBound ?? section.endIndex
        return section[..<end].split(separator: "\n").filter { $0.hasPrefix("| 1 leaked") }.map(String.init)
    }

    func testMarkdownPutsEachUnderAHeadingThatSaysWhatItIs() {
        let markdown = formats.read[.markdown] ?? ""
        XCTAssertFalse(markdown.contains("Accepted (suppressed or in the baseline)"), markdown)
        let sections = [
            "Suppressed (matched by your suppressions file)": "testSuppressed",
            "In the baseline (known before this run)": "testKnown",
            "Held by the test (released with the test case; --strict fails on them)": "testHeld",
            "Still running after the test (not failing: what is alive depends on when it is measured)": "testRunning",
        ]
        for (heading, test) in sections {
            let rows = markdownSection(heading)
            XCTAssertEqual(rows?.count, 1, "\(heading): \(rows ?? [])\n\(markdown)")
            XCTAssertEqual(rows?.first?.hasSuffix("| AppTests.FeedTests/\(test) |"), true, "\(rows ?? [])")
        }
    }

    func testTheTestsTablesSayTheLeakCheckAsTheTextReportDoes() throws {
        let verdicts = [
            "testSuppressed": "suppressed (not failing)",
            "testKnown": "in the baseline (not failing)",
            "testHeld": "held by the test (not failing)",
            "testRunning": "still running after the test (not failing)",
        ]
        let html = formats.rendered[.html] ?? ""
        for (test, verdict) in verdicts {
            let name = "AppTests.FeedTests/\(test)"
            formats.expect("leak check: \(verdict)", in: [.text])
            formats.expect("| \(name) | passed | \(verdict) | pass |", in: [.markdown])
            let row = try XCTUnwrap(html.range(of: "data-scenario=\"\(name)\"").map { html[$0.upperBound...] })
            let cells = row[..<(row.range(of: "</tr>")?.lowerBound ?? row.endIndex)]
            XCTAssertTrue(cells.contains(">\(verdict)</td>"), "\(cells)")
            XCTAssertFalse(cells.contains(">leak</td>"), "\(cells)")
        }
        formats.expect("| Test | Outcome | Leak check | Result |", in: [.markdown])
        XCTAssertTrue(html.contains("<th>Test</th><th>Leak check</th><th>Outcome</th>"), html)
    }

    func testHTMLSaysSuppressedOnlyOfTheSuppressionsFilesMatch() throws {
        let html = formats.rendered[.html] ?? ""
        func summary(_ signature: String) throws -> Substring {
            let start = try XCTUnwrap(html.range(of: "data-signature=\"\(signature)\""))
            let rest = html[start.upperBound...]
            return rest[..<(rest.range(of: "</summary>")?.lowerBound ?? rest.endIndex)]
        }
        XCTAssertTrue(try summary("sig-suppressed").contains(">suppressed</span>"))
        for signature in ["sig-known", "sig-held", "sig-running"] {
            let shown = try summary(signature)
            XCTAssertFalse(shown.contains(">suppressed</span>"), "\(shown)")
        }
        XCTAssertTrue(try summary("sig-running").contains(">still running after the test</span>"))
        XCTAssertTrue(try summary("sig-held").contains(">held by the test</span>"))
        // rxtrace's own rule has no conditions to show: its reason says why, as text's does.
        formats.expect("Not failingstill running after the test: 1 item pending", in: [.html])
        formats.expect("not failing: still running after the test: 1 item pending", in: [.text])
    }
}
