import Foundation
import XCTest

@testable import RxTraceReport
@testable import RxTraceRunner

/// How a test run ends for CI: a failing assertion fails it whatever the baseline and
/// suppressions say (they apply to leaks only), and the last line and the status file say which
/// kind of failure it was, since the command plugin reports every failure as exit 1.
final class TestGateAndStatusTests: FolderTestCase {
    private func reportedRun(baseline: String? = nil, suppressions: String? = nil) -> ReportedRun {
        ReportedRun(
            pipeline: ReportPipeline(
                outputDirectory: path("Reports"),
                suppressionsPath: suppressions,
                baselinePath: baseline
            ),
            sourceRoot: SourceRoot(path: folder.path),
            subject: .tests,
            colour: false,
            installInterruption: { Interruption() }
        )
    }

    func testAFailingAssertionFailsTheRunThoughTheBaselineAndASuppressionAcceptItsLeak() throws {
        try Baseline(signatures: ["sig-profile"]).write(to: path("baseline.json"))
        try "leak file:Sources/App/* # accepted\n".write(toFile: path("rules.txt"), atomically: true, encoding: .utf8)
        let status = try reportedRun(baseline: path("baseline.json"), suppressions: path("rules.txt")).execute { _ in
            .finished([TestRunFixtures.passing, TestRunFixtures.failingAndLeaking], unfinished: [])
        }
        XCTAssertEqual(status, .findings)
        let written = try JSONReportCoding.load(from: path("Reports/rxtrace.json"))
        XCTAssertTrue(written.scenarios[1].findings.allSatisfy { !$0.isActionable }, "its leak is accepted")
        XCTAssertEqual(written.scenarios[1].failureReasons.first?.hasPrefix("test failed: Expectation failed"), true)
        XCTAssertEqual(
            try String(contentsOfFile: path("Reports/rxtrace-status.txt"), encoding: .utf8),
            "rxtrace: status=failed exit=1 tests=2 passed=1 failed=1 skipped=0 known-issues=0 crashed=0 hung=0 leaking=0 new=0\n"
        )
    }

    func testSkippedTestsAndKnownIssuesPassAndACrashStillExitsThree() throws {
        XCTAssertEqual(
            TestRunFixtures.run([TestRunFixtures.passing, TestRunFixtures.skipped, TestRunFixtures.knownIssue])
                .gateOutcome,
            .passed
        )
        XCTAssertEqual(TestRunFixtures.run().gateOutcome.exitStatus, .crashedOrTimedOut, "a crash wins over failures")
        var interrupted = TestRunFixtures.run()
        interrupted.interruption = RunInterruption(signal: "SIGINT", unfinishedScenarios: ["AppTests.slow()"])
        XCTAssertEqual(interrupted.gateOutcome.exitStatus, .interrupted)
    }

    func testTheStatusLineTellsFailuresFromLeaksFromCrashes() {
        func line(_ tests: [ScenarioReport]) -> String { RunStatus(report: TestRunFixtures.run(tests)).line }
        XCTAssertEqual(
            line([TestRunFixtures.passing, TestRunFixtures.skipped, TestRunFixtures.knownIssue]),
            "rxtrace: status=passed exit=0 tests=3 passed=1 failed=0 skipped=1 known-issues=1 crashed=0 hung=0 leaking=0 new=0"
        )
        XCTAssertEqual(
            line([TestRunFixtures.passing, TestRunFixtures.leaking]),
            "rxtrace: status=leaks exit=1 tests=2 passed=2 failed=0 skipped=0 known-issues=0 crashed=0 hung=0 leaking=1 new=1"
        )
        XCTAssertEqual(
            line([TestRunFixtures.failing, TestRunFixtures.leaking]),
            "rxtrace: status=failed exit=1 tests=2 passed=1 failed=1 skipped=0 known-issues=0 crashed=0 hung=0 leaking=1 new=1",
            "a failing test wins over a leak; the counts say both"
        )
        XCTAssertEqual(
            RunStatus(report: TestRunFixtures.run()).line,
            "rxtrace: status=crashed exit=3 tests=7 passed=2 failed=2 skipped=1 known-issues=1 crashed=1 hung=0 leaking=2 new=2"
        )
        XCTAssertEqual(
            RunStatus(report: ReportFixtures.run()).line,
            "rxtrace: status=crashed exit=3 scenarios=4 passed=2 failed=2 crashed=1 leaking=2 new=1",
            "a scenario run: the expected leak counts as leaking, not as new"
        )
        XCTAssertEqual(RunStatus(exit: .badInput).line, "rxtrace: status=bad-input exit=2")
        XCTAssertEqual(RunStatus(exit: .interrupted).line, "rxtrace: status=interrupted exit=130")
    }

    func testTheStatusFilesAreWrittenWithTheReportSetAndSayWhatTheLineSays() throws {
        let status = try reportedRun().execute { _ in
            .finished([TestRunFixtures.passing, TestRunFixtures.leaking], unfinished: [])
        }
        XCTAssertEqual(status, .findings)
        let line = try String(contentsOfFile: path("Reports/rxtrace-status.txt"), encoding: .utf8)
        XCTAssertEqual(line, RunStatusRecord.status(exitingWith: status).line + "\n")
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: path("Reports/rxtrace-status.json")))
            )
                as? [String: Any]
        )
        XCTAssertEqual(json["status"] as? String, "leaks")
        XCTAssertEqual(json["exit"] as? Int, 1)
        XCTAssertEqual((json["counts"] as? [String: Any])?["leaking"] as? Int, 1)
        XCTAssertEqual(json["line"] as? String, String(line.dropLast()))
    }

    func testARunThatStopsBeforeItsReportReplacesAnOldStatusFile() throws {
        _ = try reportedRun().execute { _ in .finished([TestRunFixtures.passing], unfinished: []) }
        XCTAssertTrue(
            try String(contentsOfFile: path("Reports/rxtrace-status.txt"), encoding: .utf8).hasPrefix(
                "rxtrace: status=passed"
            )
        )

        let status = try reportedRun().execute { _ in .stopped(.crashedOrTimedOut) }
        XCTAssertEqual(status, .crashedOrTimedOut)
        XCTAssertEqual(
            try String(contentsOfFile: path("Reports/rxtrace-status.txt"), encoding: .utf8),
            "rxtrace: status=crashed exit=3\n"
        )
        XCTAssertEqual(RunStatusRecord.status(exitingWith: status).line, "rxtrace: status=crashed exit=3")
    }

    func testBadInputAfterTheReportKeepsTheCountsButSaysBadInput() {
        RunStatusRecord.record(RunStatus(report: TestRunFixtures.run([TestRunFixtures.passing])))
        XCTAssertEqual(
            RunStatusRecord.status(exitingWith: .badInput).line,
            "rxtrace: status=bad-input exit=2 tests=1 passed=1 failed=0 skipped=0 known-issues=0 crashed=0 hung=0 leaking=0 new=0"
        )
    }
}
