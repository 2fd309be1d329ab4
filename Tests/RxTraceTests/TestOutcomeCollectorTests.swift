import Foundation
import XCTest

@testable import RxTraceReport
@testable import RxTraceRunner

/// What `rxtrace test` says a test's outcome is, from what its framework recorded: the test's own
/// run decides, its second run (the leak re-check) is only compared with it.
final class TestOutcomeCollectorTests: XCTestCase {
    private let unit = TestUnit(library: .xctest, test: "App.CartTests/testTotal")

    func testNothingRecordedIsPassed() {
        XCTAssertEqual(TestOutcomeCollector().outcome(for: unit), TestOutcome(result: .passed))
    }

    func testAFailedAssertionFailsWithItsMessageAndPlace() {
        let collector = TestOutcomeCollector()
        let issue = TestIssue(
            kind: .assertion,
            message: "XCTAssertEqual failed: (\"1\") is not equal to (\"99\")",
            file: "/p/CartTests.swift",
            line: 12
        )
        collector.record(issue, for: unit, secondRun: false)
        let outcome = collector.outcome(for: unit)
        XCTAssertEqual(outcome.result, .failed)
        XCTAssertEqual(outcome.failures, [issue])
        XCTAssertNil(outcome.rerunDifference)
    }

    func testOnlyKnownIssuesAreAKnownIssueNotAFailure() {
        let collector = TestOutcomeCollector()
        collector.record(
            TestIssue(kind: .assertion, message: "Expectation failed: 1 == 2", isKnown: true),
            for: unit,
            secondRun: false
        )
        let outcome = collector.outcome(for: unit)
        XCTAssertEqual(outcome.result, .knownIssue)
        XCTAssertFalse(outcome.result.fails)
        XCTAssertTrue(outcome.failures.isEmpty)
    }

    func testASkipKeepsItsReasonAndAFailureBeforeItWins() {
        let collector = TestOutcomeCollector()
        collector.recordSkip(unit, reason: "needs a device", secondRun: false)
        XCTAssertEqual(collector.outcome(for: unit), TestOutcome(result: .skipped, skipReason: "needs a device"))
        collector.record(TestIssue(kind: .thrownError, message: "threw error \"E()\""), for: unit, secondRun: false)
        XCTAssertEqual(collector.outcome(for: unit).result, .failed)
    }

    func testTheSecondRunNeverChangesTheOutcomeButADifferenceIsSaid() {
        let collector = TestOutcomeCollector()
        collector.record(
            TestIssue(kind: .assertion, message: "late failure", file: "/p/T.swift", line: 7),
            for: unit,
            secondRun: true
        )
        let outcome = collector.outcome(for: unit)
        XCTAssertEqual(outcome.result, .passed)
        XCTAssertTrue(outcome.issues.isEmpty)
        XCTAssertEqual(
            outcome.rerunDifference,
            "its second run (the leak re-check) failed: late failure at /p/T.swift:7"
        )
    }

    func testASecondRunThatFailsTheSameWayIsNotADifference() {
        let collector = TestOutcomeCollector()
        let issue = TestIssue(kind: .assertion, message: "same", file: "/p/T.swift", line: 7)
        collector.record(issue, for: unit, secondRun: false)
        collector.record(issue, for: unit, secondRun: true)
        XCTAssertNil(collector.outcome(for: unit).rerunDifference)
    }

    func testRemovedUnitsStartAfresh() {
        let collector = TestOutcomeCollector()
        collector.record(TestIssue(kind: .assertion, message: "x"), for: unit, secondRun: false)
        collector.remove(unit)
        XCTAssertEqual(collector.outcome(for: unit).result, .passed)
    }

    // MARK: Swift Testing's event records, as its tools entry point writes them (Swift 6.3.1)

    func testAnIssueRecordCarriesItsMessageDetailsPlaceAndCase() throws {
        let record = """
            {"kind":"event","payload":{"_testCase":{"displayName":"2","id":"case-2"},"issue":{"isKnown":false,\
            "sourceLocation":{"_filePath":"/p/X.swift","fileID":"T/X.swift","line":19,"column":49}},\
            "kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (x → 2) == 1"},\
            {"symbol":"details","text":"the second case"}],"testID":"T.stParam(x:)/X.swift:19:2"},"version":0}
            """
        XCTAssertEqual(
            SwiftTestingEvent(json: Data(record.utf8)),
            .issue(
                id: "T.stParam(x:)/X.swift:19:2",
                caseName: "2",
                caseID: "case-2",
                issue: TestIssue(
                    kind: .assertion,
                    message: "Expectation failed: (x → 2) == 1\nthe second case",
                    file: "/p/X.swift",
                    line: 19
                )
            )
        )
    }

    func testACaughtErrorIsAThrownErrorAndAKnownIssueIsKnown() throws {
        let thrown = """
            {"kind":"event","payload":{"issue":{"_error":{"description":"E()"},"isKnown":false,\
            "sourceLocation":{"_filePath":"/p/X.swift","line":18}},"kind":"issueRecorded",\
            "messages":[{"symbol":"fail","text":"Caught error: E()"}],"testID":"T.stThrow()/X.swift:18:2"},"version":0}
            """
        guard case .issue(_, _, _, let issue)? = SwiftTestingEvent(json: Data(thrown.utf8)) else {
            return XCTFail("not an issue")
        }
        XCTAssertEqual(issue.kind, .thrownError)
        let known = thrown.replacingOccurrences(
            of: "\"_error\":{\"description\":\"E()\"},\"isKnown\":false",
            with: "\"isKnown\":true"
        )
        guard case .issue(_, _, _, let knownIssue)? = SwiftTestingEvent(json: Data(known.utf8)) else {
            return XCTFail("not an issue")
        }
        XCTAssertTrue(knownIssue.isKnown)
        XCTAssertEqual(knownIssue.kind, .assertion)
    }

    func testASkippedRecordKeepsTheDisabledComment() {
        let record = """
            {"kind":"event","payload":{"_comments":["later"],"kind":"testSkipped",\
            "messages":[{"symbol":"skip","text":"Test stDisabled() skipped: \\"later\\""}],\
            "testID":"T.stDisabled()/X.swift:17:2"},"version":0}
            """
        XCTAssertEqual(
            SwiftTestingEvent(json: Data(record.utf8)),
            .skipped(id: "T.stDisabled()/X.swift:17:2", comment: "later")
        )
    }

    func testRecordsRxtraceDoesNotUseAreIgnored() {
        XCTAssertNil(
            SwiftTestingEvent(
                json: Data(#"{"kind":"event","payload":{"kind":"runStarted","messages":[]},"version":0}"#.utf8)
            )
        )
        XCTAssertNil(SwiftTestingEvent(json: Data("not json".utf8)))
    }

    func testAProcessRunsOneLibrarysTestsFromTheFront() {
        let x = TestUnit(library: .xctest, test: "M.C/testA")
        let s = TestUnit(library: .swiftTesting, test: "M.f()", testID: "M.f()/F.swift:1:1")
        XCTAssertEqual(TestSuiteRunner.nextBatch([x, x, s, x]), [x, x])
        XCTAssertEqual(TestSuiteRunner.nextBatch([s, x]), [s])
        XCTAssertEqual(TestSuiteRunner.nextBatch([]), [])
    }

    // MARK: The line a finished test gets while the run goes on

    private func test(_ result: TestOutcome.Result, findings: [LeakFinding] = []) -> ScenarioReport {
        ScenarioReport(
            name: "App.CartTests/testTotal",
            summary: "XCTest test",
            expectedVerdict: .clean,
            actualVerdict: findings.isEmpty ? .clean : .leak,
            status: findings.isEmpty ? .clean : .leaked,
            findings: findings,
            testOutcome: TestOutcome(result: result)
        )
    }

    func testTheLiveLineSaysTheOutcomeThenTheLeakVerdict() {
        XCTAssertEqual(TestSuiteRunner.summary([test(.passed)]), "passed")
        XCTAssertEqual(TestSuiteRunner.summary([test(.skipped)]), "skipped")
        XCTAssertEqual(TestSuiteRunner.summary([test(.failed, findings: [ReportFixtures.leak()])]), "failed · leaking")
        XCTAssertEqual(
            TestSuiteRunner.summary([test(.passed), test(.failed, findings: [ReportFixtures.leak()])]),
            "failed · 1 of 2 cases leaking"
        )
        XCTAssertTrue(TestSuiteRunner.needsAttention([test(.failed)]))
        XCTAssertFalse(TestSuiteRunner.needsAttention([test(.knownIssue)]))
    }

    func testAThreadAnomalyAloneIsNotCalledLeaking() {
        let anomaly = [test(.passed, findings: [ReportFixtures.leak(signature: "anomaly", kind: .threadAnomaly)])]
        XCTAssertEqual(TestSuiteRunner.summary(anomaly), "passed")
        XCTAssertFalse(TestSuiteRunner.needsAttention(anomaly))
    }
}
