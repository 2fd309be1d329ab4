import Foundation
import RxTrace
import XCTest

final class SuppressionTests: XCTestCase {
    func testParsesRulesCommentsAndBlankLines() throws {
        let text = """
            # rxtrace suppressions

            leak type:IntervalSink* # vendor timer, FEED-12
              any  file:Sources/Legacy/*   function:*start*   #   legacy module  
            cycle function:Presenter.* # strong self, fixed in 2.0
            """
        let rules = try SuppressionFile.parse(text, path: "ci/supp.txt")

        XCTAssertEqual(
            rules,
            [
                SuppressionRule(
                    kind: .leak,
                    conditions: [.init(field: .type, pattern: "IntervalSink*")],
                    reason: "vendor timer, FEED-12",
                    file: "ci/supp.txt",
                    line: 3
                ),
                SuppressionRule(
                    kind: .any,
                    conditions: [
                        .init(field: .file, pattern: "Sources/Legacy/*"), .init(field: .function, pattern: "*start*"),
                    ],
                    reason: "legacy module",
                    file: "ci/supp.txt",
                    line: 4
                ),
                SuppressionRule(
                    kind: .cycle,
                    conditions: [.init(field: .function, pattern: "Presenter.*")],
                    reason: "strong self, fixed in 2.0",
                    file: "ci/supp.txt",
                    line: 5
                ),
            ]
        )
        XCTAssertEqual(rules[1].ruleText, "any file:Sources/Legacy/* function:*start*")
    }

    func testMalformedLinesNameFileAndLine() {
        let cases: [(String, String)] = [
            ("leak type:Foo", "supp.txt:2: malformed suppression: missing '# reason' (every rule says why it exists)"),
            (
                "leek type:Foo # r",
                "supp.txt:2: malformed suppression: unknown kind 'leek' (expected leak, cycle, thread, object, any)"
            ),
            (
                "leak colour:Foo # r",
                "supp.txt:2: malformed suppression: unknown field 'colour' (expected type, function or file)"
            ),
            ("leak Foo # r", "supp.txt:2: malformed suppression: 'Foo' is not <field>:<glob>"),
            ("leak type: # r", "supp.txt:2: malformed suppression: empty pattern after 'type:'"),
            (
                "leak # r",
                "supp.txt:2: malformed suppression: missing a condition such as type:<glob>, function:<glob> or file:<glob>"
            ),
            ("leak type:Foo #   ", "supp.txt:2: malformed suppression: empty reason after '#'"),
        ]
        for (line, message) in cases {
            XCTAssertThrowsError(try SuppressionFile.parse("# ok\n\(line)\nleak type:X # fine", path: "supp.txt")) {
                error in
                XCTAssertEqual(
                    error as? SuppressionError,
                    .malformed(
                        path: "supp.txt",
                        line: 2,
                        message: String(message.split(separator: ": ", maxSplits: 2)[2])
                    )
                )
                XCTAssertEqual("\(error)", message)
            }
        }
    }

    func testEmptyDeviceAndDirectory() throws {
        XCTAssertEqual(try SuppressionFile.load(path: "/dev/null"), [])
        let folder = FileManager.default.temporaryDirectory.path
        XCTAssertThrowsError(try SuppressionFile.load(path: folder)) { error in
            XCTAssertEqual("\(error)", "cannot read suppressions file '\(folder)': Is a directory")
        }
    }

    func testUnreadableFileIsATypedError() {
        XCTAssertThrowsError(try SuppressionFile.load(path: "/nonexistent/supp.txt")) { error in
            XCTAssertEqual(
                "\(error)",
                "cannot read suppressions file '/nonexistent/supp.txt': No such file or directory"
            )
        }
    }

    func testRulesMatchTypeFunctionAndFileWithGlobs() {
        let finding = ReportFixtures.leak()
        func rule(_ kind: SuppressionRule.Kind, _ field: SuppressionRule.Field, _ pattern: String) -> SuppressionRule {
            SuppressionRule(kind: kind, conditions: [.init(field: field, pattern: pattern)], reason: "r")
        }
        XCTAssertTrue(rule(.leak, .type, "IntervalSink<*>").matches(finding))
        XCTAssertTrue(rule(.leak, .type, "MapSink<Int, String>").matches(finding))
        XCTAssertFalse(rule(.leak, .type, "MapSink").matches(finding), "the whole name must match")
        XCTAssertTrue(rule(.leak, .function, "FeedViewModel.*").matches(finding))
        XCTAssertTrue(rule(.leak, .function, "RxCore.Map.run(?:cancel:)").matches(finding), "backtrace functions count")
        XCTAssertTrue(rule(.leak, .file, "Sources/*").matches(finding), "* crosses folders")
        XCTAssertTrue(rule(.any, .file, "*/main.swift").matches(finding))
        XCTAssertFalse(rule(.cycle, .file, "*").matches(finding), "kind must match")
        XCTAssertFalse(
            SuppressionRule(
                kind: .leak,
                conditions: [.init(field: .file, pattern: "*"), .init(field: .type, pattern: "Nope")],
                reason: "r"
            ).matches(finding),
            "all conditions must match"
        )
    }

    func testApplyingMarksFindingsAndListsEveryRuleWithItsMatches() {
        var report = ReportFixtures.run([ReportFixtures.leakyScenario, ReportFixtures.expectedLeakScenario])
        let used = SuppressionRule(
            kind: .leak,
            conditions: [.init(field: .type, pattern: "IntervalSink*")],
            reason: "timer"
        )
        let unused = SuppressionRule(kind: .cycle, conditions: [.init(field: .type, pattern: "*")], reason: "stale")

        report.apply(suppressions: [used, unused])

        XCTAssertEqual(report.scenarios.flatMap(\.findings).map(\.suppressedBy), [used, used])
        XCTAssertEqual(
            report.suppressions,
            [SuppressionUsage(rule: used, matchedFindings: 2), SuppressionUsage(rule: unused, matchedFindings: 0)]
        )
        XCTAssertEqual(report.gateOutcome, .passed)
        XCTAssertEqual(report.summary.suppressedFindings, 2)
    }
}
