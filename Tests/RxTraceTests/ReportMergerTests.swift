import Foundation
import RxTrace
import XCTest

final class ReportMergerTests: XCTestCase {
    func testMergesShardsInOrderAndRecomputesTheSummary() throws {
        let rule = SuppressionRule(kind: .leak, conditions: [.init(field: .type, pattern: "X")], reason: "r")
        var shard1 = ReportFixtures.run([ReportFixtures.cleanScenario, ReportFixtures.leakyScenario])
        shard1.suppressions = [SuppressionUsage(rule: rule, matchedFindings: 1)]
        shard1.baseline = BaselineInfo(
            path: "b.json",
            signatureCount: 3,
            knownFindings: 1,
            newFindings: 0,
            absentSignatures: ["a", "b"]
        )
        var shard2 = ReportFixtures.run([ReportFixtures.expectedLeakScenario, ReportFixtures.crashedScenario])
        shard2.generatedAt = ReportFixtures.date.addingTimeInterval(60)
        shard2.suppressions = [SuppressionUsage(rule: rule, matchedFindings: 2)]
        shard2.baseline = BaselineInfo(
            path: "b.json",
            signatureCount: 3,
            knownFindings: 0,
            newFindings: 1,
            absentSignatures: ["b", "c"]
        )

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-merge-\(UUID().uuidString)")
        let writer1 = ReportWriter(directory: folder.appendingPathComponent("shard1").path, formats: [.json])
        let writer2 = ReportWriter(directory: folder.appendingPathComponent("shard2").path, formats: [.json])
        try writer1.write(shard1)
        try writer2.write(shard2)
        defer { try? FileManager.default.removeItem(at: folder) }

        let merged = try ReportMerger.merge(paths: [writer1.path(for: .json), writer2.path(for: .json)])

        XCTAssertEqual(merged.scenarios.map(\.name), ["gitFeed", "dataProviderLeak", "intervalNotDisposed", "crashes"])
        XCTAssertEqual(merged.generatedAt, shard2.generatedAt)
        XCTAssertEqual(merged.suppressions, [SuppressionUsage(rule: rule, matchedFindings: 3)])
        XCTAssertEqual(
            merged.baseline,
            BaselineInfo(path: "b.json", signatureCount: 3, knownFindings: 1, newFindings: 1, absentSignatures: ["b"])
        )
        XCTAssertEqual(merged.summary, ReportFixtures.run().summary)
        XCTAssertEqual(merged.gateOutcome, .abnormal)
    }

    /// Seen: an interrupted run merged with a run of what it had not finished still said
    /// "2 scenarios did not finish: feed-slow, feed-slow-2" while feed-slow was in the report.
    func testScenariosAnInterruptedReportDidNotFinishAreNotUnfinishedWhenAnotherReportHasThem() throws {
        let interrupted = ReportFixtures.interrupted(
            [ReportFixtures.cleanScenario],
            unfinished: ["intervalNotDisposed", "feedSlow"]
        )
        let rerun = ReportFixtures.run([ReportFixtures.expectedLeakScenario])

        let partly = try ReportMerger.merge([interrupted, rerun])
        XCTAssertEqual(partly.interruption, RunInterruption(signal: "SIGINT", unfinishedScenarios: ["feedSlow"]))
        XCTAssertEqual(partly.gateOutcome, .interrupted)

        var feedSlow = ReportFixtures.cleanScenario
        feedSlow.name = "feedSlow"
        let whole = try ReportMerger.merge([interrupted, rerun, ReportFixtures.run([feedSlow])])
        XCTAssertNil(whole.interruption, "every scenario is accounted for")
        XCTAssertEqual(whole.gateOutcome, .passed)
    }

    func testOverlappingShardsAndEmptyInputAreErrors() {
        XCTAssertThrowsError(
            try ReportMerger.merge([ReportFixtures.run(), ReportFixtures.run([ReportFixtures.cleanScenario])])
        ) { error in
            XCTAssertEqual("\(error)", "scenario 'gitFeed' appears in more than one report; shards must not overlap")
        }
        let shard = TestRunFixtures.run([TestRunFixtures.passing])
        XCTAssertThrowsError(try ReportMerger.merge([shard, shard])) { error in
            XCTAssertEqual(
                "\(error)",
                "test 'AppTests.FeedTests/testShowsTitles' appears in more than one report; shards must not overlap"
            )
        }
        XCTAssertThrowsError(try ReportMerger.merge([RunReport]())) { error in
            XCTAssertEqual(error as? ReportMergeError, .nothingToMerge)
        }
    }

    func testANonReportFileIsATypedError() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxtrace-notreport-\(UUID().uuidString).json"
        )
        try Data(#"{"hello": "world"}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertThrowsError(try ReportMerger.merge(paths: [url.path])) { error in
            XCTAssertEqual("\(error)", "'\(url.path)' is not an rxtrace JSON report: missing 'schemaVersion'")
        }
    }
}
