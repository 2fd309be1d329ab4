import Foundation
import RxTrace
import TestSupport
import XCTest

/// A finding's patch from `rxtrace test --fix` in every format that carries it: the verdict in
/// text and JSON, the diff in HTML and Markdown (escaped), SARIF `fixes` for a verified one; and
/// the JSON reads back, as do reports written before patches existed.
final class FindingPatchReportTests: XCTestCase {
    static let diff = """
        --- a/Sources/App/Feed.swift
        +++ b/Sources/App/Feed.swift
        @@ -42,1 +42,1 @@
        -            .map { "tick \\($0)" }.subscribe(onNext: { [label] in label.text = $0 })
        +            .map { "tick \\($0)" }.subscribe(onNext: { [label] in label.text = $0 }).disposed(by: disposeBag)

        """

    static let verified = FindingPatch(
        verified: true,
        summary: "`.disposed(by: disposeBag)`: the subscription now ends with FeedViewModel's own bag",
        diff: diff,
        replacements: [
            .init(
                file: "Sources/App/Feed.swift",
                startLine: 42,
                startColumn: 86,
                endLine: 42,
                endColumn: 86,
                text: ".disposed(by: disposeBag)"
            )
        ]
    )

    static let stillLeaks = FindingPatch(
        verified: false,
        reason: "still leaks: the finding is still reported after the change (kept alive by <TestScheduler> | queue)",
        summary: "a new bag",
        diff: "--- a/x.swift\n+++ b/x.swift\n@@ -1 +1 @@\n-<script>alert(1)</script>\n+```\n"
    )

    static let noPatch = FindingPatch(verified: false, reason: "no patch: the Disposable is kept in a static array")

    private func report() -> RunReport {
        var scenario = ReportFixtures.leakyScenario
        var first = ReportFixtures.leak(signature: "sig-a")
        first.patch = Self.verified
        var second = ReportFixtures.leak(signature: "sig-b")
        second.patch = Self.stillLeaks
        var third = ReportFixtures.leak(signature: "sig-c")
        third.patch = Self.noPatch
        scenario.findings = [first, second, third]
        scenario.cycles = [
            ReportCycle(signature: "sig-a", steps: [.init(typeName: "FeedViewModel")], patch: Self.verified)
        ]
        var report = ReportFixtures.run([scenario])
        report.subject = .tests
        return report
    }

    func testTheJSONRoundTripsValidatesAndOlderReportsStillRead() throws {
        let data = try JSONReportCoding.encode(report())
        XCTAssertEqual(try JSONReportCoding.decode(data), report())
        let result = try SchemaValidator.validate("json", String(decoding: data, as: UTF8.self))
        XCTAssertEqual(result.status, 0, result.output)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let finding = try XCTUnwrap(((object["scenarios"] as? [[String: Any]])?[0]["findings"] as? [[String: Any]])?[1])
        let patch = try XCTUnwrap(finding["patch"] as? [String: Any])
        XCTAssertEqual(patch["verified"] as? Bool, false)
        XCTAssertEqual(patch["reason"] as? String, Self.stillLeaks.reason)

        // Written before --fix existed: no `patch` anywhere, and it reads as none.
        let older = try JSONReportCoding.decode(JSONReportCoding.encode(ReportFixtures.run()))
        XCTAssertTrue(older.scenarios.allSatisfy { $0.findings.allSatisfy { $0.patch == nil } })
        XCTAssertFalse(String(decoding: try JSONReportCoding.encode(older), as: UTF8.self).contains("\"patch\""))
    }

    func testTheTextReportMarksEachFinding() {
        let text = TextReportRenderer(colour: false).render(report())
        XCTAssertTrue(
            text.contains(
                "    patch: verified (in rxtrace.patch): `.disposed(by: disposeBag)`: the subscription now ends with FeedViewModel's own bag\n"
            ),
            text
        )
        XCTAssertTrue(text.contains("    patch: not verified: still leaks: the finding is still reported"), text)
        XCTAssertTrue(
            text.contains("    patch: not verified: no patch: the Disposable is kept in a static array\n"),
            text
        )
    }

    func testMarkdownShowsTheVerdictAndTheDiffFenced() {
        let markdown = MarkdownReportRenderer().render(report())
        XCTAssertTrue(
            markdown.contains("**Patch (verified, in rxtrace.patch):** `.disposed(by: disposeBag)`"),
            markdown
        )
        XCTAssertTrue(markdown.contains("```diff\n" + Self.diff + "```\n"), markdown)
        // The reason is prose: its markup and pipes are escaped; the diff holds a fence, so its
        // block's fence is longer.
        XCTAssertTrue(
            markdown.contains(
                "**Patch (not verified):** still leaks: the finding is still reported after the change (kept alive by &lt;TestScheduler&gt; \\| queue)"
            ),
            markdown
        )
        XCTAssertTrue(markdown.contains("````diff\n" + Self.stillLeaks.diff! + "````\n"), markdown)
        XCTAssertTrue(
            markdown.contains("**Patch (not verified):** no patch: the Disposable is kept in a static array\n\n")
        )
    }

    func testHTMLShowsTheDiffEscapedWithItsLinesMarked() {
        let html = HTMLReportRenderer().render(report())
        XCTAssertTrue(html.contains("<section class=\"patch verified\">"), html)
        XCTAssertTrue(html.contains("<b>Patch, not verified</b>: still leaks"), html)
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertFalse(html.contains("<script>alert(1)"))
        XCTAssertTrue(html.contains("<span class=\"line add\">+"), html)
        XCTAssertTrue(html.contains("<span class=\"line del\">-"), html)
    }

    func testSARIFOffersOnlyTheVerifiedPatchAsAFixAndValidates() throws {
        let text = SARIFReportRenderer().render(report())
        let validation = try SchemaValidator.validate("sarif", text)
        XCTAssertEqual(validation.status, 0, validation.output)
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let results = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?[0]["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 3)
        let fixes = try XCTUnwrap(results[0]["fixes"] as? [[String: Any]])
        let change = try XCTUnwrap((fixes[0]["artifactChanges"] as? [[String: Any]])?[0])
        XCTAssertEqual((change["artifactLocation"] as? [String: Any])?["uri"] as? String, "Sources/App/Feed.swift")
        let replacement = try XCTUnwrap((change["replacements"] as? [[String: Any]])?[0])
        XCTAssertEqual(
            replacement["deletedRegion"] as? [String: Int],
            ["startLine": 42, "startColumn": 86, "endLine": 42, "endColumn": 86]
        )
        XCTAssertEqual((replacement["insertedContent"] as? [String: String])?["text"], ".disposed(by: disposeBag)")
        XCTAssertNil(results[1]["fixes"], "a patch that did not clear the leak is not offered")
        XCTAssertNil(results[2]["fixes"])
        XCTAssertEqual((results[0]["properties"] as? [String: Any])?["patch"] as? String, "verified")
        XCTAssertEqual(
            (results[2]["properties"] as? [String: Any])?["patch"] as? String,
            "not verified: no patch: the Disposable is kept in a static array"
        )
    }
}
