import Foundation
import RxTrace
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

/// One bug, one entry: the same leak (one signature) in three tests is shown once, in full, under
/// the first test, naming all three; the other two still fail and point at it, in every format.
final class FindingGroupsTests: XCTestCase {
    private static let first = "AppTests.FeedTests/testShowsTitles"
    private static let second = "AppTests.FeedTests/testRefreshes"
    private static let third = "AppTests.feedByArgument(leaks:) [true]"

    private static func report() -> RunReport {
        let shared = ReportFixtures.leak(signature: "sig-shared", count: 1)
        var other = ReportFixtures.leak(signature: "sig-own", count: 1)
        other.callSite = SourceLocation(file: "Sources/App/Clock.swift", line: 7, function: "Clock.start()")
        other.snippet = nil
        var report = RunReport(
            generatedAt: ReportFixtures.date,
            host: ReportFixtures.host,
            scenarios: [
                TestRunFixtures.test(first, TestOutcome(result: .passed), findings: [shared]),
                TestRunFixtures.test(second, TestOutcome(result: .passed), findings: [shared, other]),
                TestRunFixtures.test("AppTests.FeedTests/testClean", TestOutcome(result: .passed)),
                TestRunFixtures.test(third, TestOutcome(result: .passed), findings: [shared]),
            ]
        )
        report.subject = .tests
        return report
    }

    func testGroupsBySignatureInReportOrder() {
        let groups = Self.report().findingGroups.groups
        XCTAssertEqual(groups.map(\.signature), ["sig-shared", "sig-own"])
        XCTAssertEqual(groups[0].seenIn, [Self.first, Self.second, Self.third])
        XCTAssertEqual(groups[0].count, 3)
        XCTAssertEqual(groups[1].seenIn, [Self.second])
    }

    func testTextShowsTheBugOnceAndPointsAtItFromTheOtherTests() {
        let text = TextReportRenderer().render(Self.report())
        XCTAssertEqual(text.components(separatedBy: "signature: sig-shared").count - 1, 1, text)
        XCTAssertTrue(text.contains("    seen in 3 tests: \(Self.first), \(Self.second), \(Self.third)\n"), text)
        XCTAssertEqual(
            text.components(separatedBy: "the same finding as in \(Self.first) (signature sig-shared): see there")
                .count - 1,
            2,
            text
        )
        XCTAssertTrue(text.contains("signature: sig-own"), "a bug of one test is shown in full there")
        // Every leaking test still fails: three ✗, the clean one ✓.
        XCTAssertEqual(text.components(separatedBy: "\n✗ ").count - 1, 3, text)
    }

    func testMarkdownAndHTMLListTheBugOnceWithTheTestsThatShowedIt() {
        let markdown = MarkdownReportRenderer().render(Self.report())
        let rows = markdown.split(separator: "\n").filter {
            $0.contains("`Sources/App/Feed.swift:42`") && $0.hasPrefix("|")
        }
        XCTAssertEqual(rows.count, 1, markdown)
        XCTAssertTrue(rows[0].contains("seen in 3 tests: \(Self.first), \(Self.second), \(Self.third)"), markdown)

        let html = HTMLReportRenderer().render(Self.report())
        XCTAssertEqual(html.components(separatedBy: "data-signature=\"sig-shared\"").count - 1, 1)
        XCTAssertTrue(html.contains("seen in 3 tests: \(Self.first), \(Self.second), \(Self.third)"))
    }

    func testJUnitFailsEveryTestAndTheLaterOnesPointAtTheEntry() throws {
        let junit = JUnitReportRenderer().render(Self.report())
        let document = try XMLDocument(data: Data(junit.utf8))
        let failures = try document.nodes(forXPath: "//testcase/failure[@type='leak']")
        XCTAssertEqual(failures.count, 3, junit)
        let third = try XCTUnwrap(
            try document.nodes(forXPath: "//testcase[@name='feedByArgument(leaks:) [true]']/failure").first
                as? XMLElement
        )
        XCTAssertEqual(
            third.attribute(forName: "message")?.stringValue,
            "1 leaked subscription · interval → map → subscribe at Sources/App/Feed.swift:42, the same finding as in \(Self.first)"
        )
        XCTAssertTrue(third.stringValue?.contains("the same finding as in \(Self.first)") == true)
        XCTAssertFalse(third.stringValue?.contains("signature: sig-shared") == true, "not repeated in full")
    }

    func testSARIFHasOneResultPerBugWithItsTests() throws {
        let sarif = SARIFReportRenderer().render(Self.report())
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try XCTUnwrap((json["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        let fingerprints = results.compactMap {
            ($0["partialFingerprints"] as? [String: String])?[SARIFReportRenderer.fingerprintKey]
        }
        XCTAssertEqual(fingerprints, ["sig-shared", "sig-own"])
        let properties = try XCTUnwrap(results[0]["properties"] as? [String: Any])
        XCTAssertEqual(properties["seenIn"] as? [String], [Self.first, Self.second, Self.third])
        XCTAssertEqual(properties["totalCount"] as? Int, 3)
        XCTAssertNil((results[1]["properties"] as? [String: Any])?["seenIn"], "seen in one test only")
    }

    /// The one entry says what the bug is, what holds it and how to fix it, in every format, and
    /// says each of those once per bug, not once per test; all three tests fail on it.
    func testTheOneEntryCarriesTheHolderAndTheFixInEveryFormatOncePerBug() throws {
        let formats = try EveryFormat(Self.report())
        let fix = FindingKind.leakedSubscription.fixHint
        formats.expect("1 leaked subscription · interval → map → subscribe")
        formats.expect("kept alive by the periodic timer of SerialDispatchQueueScheduler(feed)")
        formats.expect(fix, in: [.text, .markdown, .html, .junit, .sarif])
        // JSON writes a finding's own fix only; this one's is its kind's, which JSON readers know
        // by `kind` (docs/report.schema.json, `fix`).
        XCTAssertNil(try formats.jsonFinding()["fix"])
        XCTAssertEqual(try formats.jsonFinding()["kind"] as? String, "leakedSubscription")
        formats.expect(
            "seen in 3 tests: \(Self.first), \(Self.second), \(Self.third)",
            in: [.text, .markdown, .html, .junit, .sarif]
        )
        // Two bugs, two fixes: the text (and the JUnit bodies, which are its tests' text) and
        // SARIF give each bug's fix once, however many tests showed it.
        for format in [ReportFormat.text, .junit, .sarif] {
            XCTAssertEqual(formats.read[format]?.components(separatedBy: fix).count, 3, "\(format)")
        }
        // The verdict: the three tests that show it fail.
        XCTAssertEqual(
            try formats.junitFailures().map { $0.attribute(forName: "type")?.stringValue },
            ["leak", "leak", "leak"]
        )
        XCTAssertEqual(try formats.sarifResults().map { $0["level"] as? String }, ["error", "error"])
        formats.expect("fails 1 leaked subscription", in: [.html])
        formats.expect("### Failing", in: [.markdown])
        XCTAssertEqual(formats.read[.text]?.components(separatedBy: "\n✗ ").count, 4)
    }

    func testJSONCarriesTheGroupsBesideThePerTestFindingsAndReadsOldReports() throws {
        let report = Self.report()
        let data = try JSONReportCoding.encode(report)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let groups = try XCTUnwrap(json["findingGroups"] as? [[String: Any]])
        XCTAssertEqual(groups.count, 2)
        XCTAssertEqual(groups[0]["seenIn"] as? [String], [Self.first, Self.second, Self.third])
        // Each test keeps its own findings, as readers of earlier reports expect.
        let tests = try XCTUnwrap(json["scenarios"] as? [[String: Any]])
        XCTAssertEqual(tests.map { ($0["findings"] as? [Any])?.count ?? 0 }, [1, 2, 0, 1])
        XCTAssertEqual(try JSONReportCoding.decode(data), report)
        // A report written before the groups: read the same, groups recomputed.
        var old = json
        old["findingGroups"] = nil
        let oldData = try JSONSerialization.data(withJSONObject: old)
        XCTAssertEqual(try JSONReportCoding.decode(oldData).findingGroups.groups, report.findingGroups.groups)
    }
}
