import Foundation
import RxTrace
import XCTest

/// A baseline file a reviewer can read: each accepted signature with its chain, call site and the
/// tests it was seen in, sorted, while the signature alone still decides what matches.
final class BaselineEntriesTests: FolderTestCase {
    private func leakingTest(_ name: String, _ signature: String, line: Int = 42) -> ScenarioReport {
        var finding = ReportFixtures.leak(signature: signature, count: 1)
        finding.callSite?.line = line
        return TestRunFixtures.test(name, TestOutcome(result: .passed), findings: [finding])
    }

    func testAnUpdateWritesEachSignatureWithItsChainCallSiteAndTestsSortedBySignature() throws {
        let report = TestRunFixtures.run([
            leakingTest("AppTests.FeedTests/testTimer", "sig-b"),
            leakingTest("AppTests.FeedTests/testRefresh", "sig-a", line: 7),
            leakingTest("AppTests.feedAgain()", "sig-b"),
        ])
        let path = path("baseline.json")
        try Baseline(report: report).write(to: path)

        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(
            text,
            """
            {
              "entries" : [
                {
                  "callSite" : "Sources/App/Feed.swift:7",
                  "chain" : "interval → map → subscribe",
                  "kind" : "leakedSubscription",
                  "seenIn" : [
                    "AppTests.FeedTests/testRefresh"
                  ],
                  "signature" : "sig-a"
                },
                {
                  "callSite" : "Sources/App/Feed.swift:42",
                  "chain" : "interval → map → subscribe",
                  "kind" : "leakedSubscription",
                  "seenIn" : [
                    "AppTests.FeedTests/testTimer",
                    "AppTests.feedAgain()"
                  ],
                  "signature" : "sig-b"
                }
              ],
              "signatureVersion" : 2
            }

            """
        )
        XCTAssertEqual(try Baseline.load(path: path), Baseline(report: report), "it reads back as written")
    }

    func testASignatureMatchesWhereverItsLineMovedTo() throws {
        let path = path("baseline.json")
        try Baseline(report: TestRunFixtures.run([leakingTest("AppTests.a()", "sig-a", line: 7)])).write(to: path)

        var moved = TestRunFixtures.run([leakingTest("AppTests.a()", "sig-a", line: 30)])
        moved.compare(with: try Baseline.load(path: path), path: path)
        XCTAssertEqual(moved.scenarios[0].findings[0].isNew, false)
        XCTAssertEqual(moved.gateOutcome, .passed)
    }

    func testABaselineOfBareSignaturesIsStillRead() throws {
        let path = path("baseline.json")
        try Data("{\n  \"signatureVersion\" : 2,\n  \"signatures\" : [\n    \"sig-a\"\n  ]\n}\n".utf8).write(
            to: URL(fileURLWithPath: path)
        )
        let old = try Baseline.load(path: path)
        XCTAssertEqual(old, Baseline(signatures: ["sig-a"]))

        var report = TestRunFixtures.run([leakingTest("AppTests.a()", "sig-a")])
        report.compare(with: old, path: path)
        XCTAssertEqual(report.gateOutcome, .passed)
    }

    func testAPartialUpdateKeepsWhatItDidNotSeeWithItsEntryAndAddsWhereItSawTheRest() throws {
        let path = path("baseline.json")
        let both = TestRunFixtures.run([
            leakingTest("AppTests.a()", "sig-a"), leakingTest("AppTests.b()", "sig-b"),
        ])
        try Baseline(report: both).write(to: path)

        let shard = ReportPipeline(
            outputDirectory: self.path("Reports"),
            baselinePath: path,
            updateBaseline: true,
            selectsSomeScenarios: true
        )
        _ = try shard.gate(TestRunFixtures.run([leakingTest("AppTests.c()", "sig-b")]), inputs: shard.loadInputs())

        let updated = try Baseline.load(path: path)
        XCTAssertEqual(updated.signatures, ["sig-a", "sig-b"])
        XCTAssertEqual(updated.entries["sig-a"]?.seenIn, ["AppTests.a()"], "not measured: kept as it was")
        XCTAssertEqual(updated.entries["sig-b"]?.seenIn, ["AppTests.b()", "AppTests.c()"])
        XCTAssertEqual(updated.entries["sig-a"]?.callSite, "Sources/App/Feed.swift:42")
    }
}
