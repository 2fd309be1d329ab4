#if TRACE_RESOURCES
import Foundation
import RxCore
@testable import RxTraceAnalysis
@testable import RxTraceReport
@testable import RxTraceRunner
import XCTest

// Issue 31 §5, as a reader of each format meets it: a timer a test starts and never disposes is
// never done, so it is the test's leak, held by the timer on its queue; a Task still making
// subscriptions after the drain is "still running after the test", failing nothing, with a fix
// that ends the work rather than one for a leak.
final class LeftRunningReportTests: XCTestCase {
    private let unit = TestUnit(library: .xctest, test: "App.AsyncTests/testLeavesWorkBehind")

    func testATimerTheTestNeverDisposedIsItsLeakHeldByTheTimersQueue() throws {
        try XCTSkipUnless(HeapGraphGate.current.installsHooks, HeapGraphGate.current.note ?? "heap graph off")
        let recorder = TestUnitRecorder(drainTimeout: 0.5, heapGraph: true)
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxtrace.tests.ticker")
        var ticking: [Disposable] = []
        let subscribeLine = #line + 2
        let startTicking = {
            ticking.append(Observable<Int>.interval(.milliseconds(20), scheduler: scheduler).subscribe())
        }
        recorder.begin(unit)
        startTicking()
        XCTAssertNil(recorder.endFirstRun(unit), "the timer's subscription is alive: it runs again")
        recorder.beginRerun(unit)
        startTicking()
        let report = try XCTUnwrap(recorder.endRerun(unit), "a timer is no work the drain waits for")
        ticking.forEach { $0.dispose() }

        let formats = try EveryFormat(passedTest: report)
        formats.expect("1 leaked subscription · interval → subscribe")
        // Named as the test made the scheduler, as work still pending on it is named.
        formats.expect("kept alive by the periodic timer of SerialDispatchQueueScheduler(rxtrace.tests.ticker)")
        formats.expect("dispatch queue 'rxtrace.tests.ticker'", shown: false)
        formats.expect("still running after the test", shown: false)
        formats.expect(
            "Dispose it with the owner: add `.disposed(by: disposeBag)`",
            in: [.text, .markdown, .html, .junit, .sarif]
        )
        // JSON writes a finding's own fix only; this one's is its kind's, known by `kind`.
        XCTAssertNil(try formats.jsonFinding()["fix"])
        XCTAssertEqual(try formats.jsonFinding()["kind"] as? String, "leakedSubscription")
        // Both runs' timers are alive, one per pass, as the live counts say.
        formats.expect("grows by 1 per pass (still alive per pass: 1, 1)", in: [.text, .junit])
        XCTAssertEqual(try formats.jsonFinding()["countPerPass"] as? [Int], [1, 1])
        // The verdict: the test fails on its leak.
        formats.expect("leak check: leak", in: [.text, .junit])
        formats.expect("| App.AsyncTests/testLeavesWorkBehind | passed | leak | **fail** |", in: [.markdown])
        XCTAssertEqual(try formats.jsonScenarios().first?["actualVerdict"] as? String, "leak")
        let failure = try formats.expectFails(unit.reportName, on: "1 leaked subscription · interval → subscribe")
        XCTAssertEqual(failure.attribute(forName: "type")?.stringValue, "leak")
        let message = try XCTUnwrap(failure.attribute(forName: "message")?.stringValue)
        XCTAssertTrue(message.hasPrefix("1 leaked subscription · interval → subscribe at "), message)
        XCTAssertTrue(message.hasSuffix("LeftRunningReportTests.swift:\(subscribeLine)"), message)
    }

    func testATaskStillRunningAfterTheDrainIsSaidToBeAndFailsNothing() throws {
        let report = try Churn.reportLeftRunning(unit) { work in _ = Task.detached { work() } }

        let formats = try EveryFormat(passedTest: report)
        // Markdown, a pull request's summary, shows only failing findings in full: this one is a
        // row of its "Still running after the test" table, without reason or fix.
        formats.expect("1 leaked subscription · subscribe", in: [.markdown])
        formats.expect("<summary>Still running after the test (not failing: ", in: [.markdown])
        formats.expect("Accepted", shown: false, in: [.markdown])
        formats.expect("| passed | still running after the test (not failing) | pass |", in: [.markdown])
        let readers: [ReportFormat] = [.text, .html, .json, .sarif]
        formats.expect(
            "still running after the test: live resources still being created or released after ",
            in: readers
        )
        formats.expect(
            "Let the work the test started end before it returns: wait for it (await the Task, or an expectation the work fulfils) or stop it (cancel the Task, dispose the subscription); or give it longer with --drain-timeout",
            in: readers
        )
        formats.expect("Dispose it with the owner", shown: false)
        // The verdict: reported, not failing; JUnit, which shows only failures, shows nothing.
        XCTAssertEqual(try formats.junitFailures().count, 0)
        formats.expect("✓ App.AsyncTests/testLeavesWorkBehind", in: [.text])
        formats.expect("leak check: still running after the test (not failing)", in: [.text])
        formats.expect("accepted", in: [.html])
        XCTAssertEqual(Set(try formats.sarifResults().map { $0["level"] as? String }), ["note"])
        XCTAssertNotNil(try formats.jsonFinding()["suppressedBy"])
    }
}
#endif
