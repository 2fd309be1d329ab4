#if TRACE_RESOURCES
import Foundation
import RxCore
@testable import RxTraceAnalysis
@testable import RxTraceReport
@testable import RxTraceRunner
import XCTest

// Issue 31 §5: a test is judged once what it left running has finished: work outside Rx's
// schedulers (a GCD block, a Task) that still creates and releases resources is waited for, and
// work still running after the drain is reported as such, never as a leak of the test.

/// Subscribes and disposes in a loop on another thread until told to stop, one subscription
/// kept for the whole loop when `holding`: what an async test leaves behind.
final class Churn: @unchecked Sendable {
    private let subject = PublishSubject<Int>()
    private let stopped = NSLock()
    private var stop = false
    private let finished = DispatchSemaphore(value: 0)

    /// Returns once the work is running, as a test that ends while its async work runs.
    func start(for seconds: TimeInterval, holding: Bool, on run: (@escaping @Sendable () -> Void) -> Void) {
        let until = Date().addingTimeInterval(seconds)
        let running = DispatchSemaphore(value: 0)
        run { [self] in
            let held = holding ? subject.subscribe() : nil
            running.signal()
            while Date() < until, !stopped.withLock({ stop }) {
                subject.subscribe().dispose()
                usleep(2_000)
            }
            held?.dispose()
            finished.signal()
        }
        running.wait()
    }

    func finish() {
        stopped.withLock { stop = true }
        finished.wait()
    }

    /// What `rxtrace test` reports of a test whose two runs each leave churning work on `run`
    /// that outlives a drain of 0.4 s.
    static func reportLeftRunning(
        _ unit: TestUnit,
        on run: (@escaping @Sendable () -> Void) -> Void
    ) throws
        -> ScenarioReport
    {
        let recorder = TestUnitRecorder(drainTimeout: 0.4, heapGraph: false)
        let first = Churn()
        let second = Churn()
        defer {
            first.finish()
            second.finish()
        }
        recorder.begin(unit)
        first.start(for: 10, holding: true, on: run)
        XCTAssertNil(recorder.endFirstRun(unit), "something is alive: it runs again")
        recorder.beginRerun(unit)
        second.start(for: 10, holding: true, on: run)
        return try XCTUnwrap(recorder.endRerun(unit))
    }
}

final class LeftRunningTests: XCTestCase {
    private let unit = TestUnit(library: .xctest, test: "App.AsyncTests/testLeavesWorkBehind")

    private func onGCD(_ work: @escaping @Sendable () -> Void) { DispatchQueue.global().async(execute: work) }
    private func inTask(_ work: @escaping @Sendable () -> Void) { Task.detached { work() } }

    func testGCDWorkStillMakingSubscriptionsIsWaitedForAndTheTestIsClean() throws {
        let recorder = TestUnitRecorder(drainTimeout: 5, heapGraph: false)
        let churn = Churn()
        recorder.begin(unit)
        churn.start(for: 0.4, holding: true, on: onGCD)
        let report = try XCTUnwrap(
            recorder.endFirstRun(unit),
            "judged after the work ended: nothing left, no second run"
        )
        churn.finish()
        XCTAssertEqual(report.findings.map(\.headline), [])
        XCTAssertEqual(report.actualVerdict, .clean)
    }

    func testATaskStillMakingSubscriptionsIsWaitedForAndTheTestIsClean() throws {
        let recorder = TestUnitRecorder(drainTimeout: 5, heapGraph: false)
        let churn = Churn()
        recorder.begin(unit)
        churn.start(for: 0.4, holding: true, on: inTask)
        let report = try XCTUnwrap(recorder.endFirstRun(unit), "judged after the Task ended")
        churn.finish()
        XCTAssertEqual(report.findings.map(\.headline), [])
    }

    func testWorkStillRunningAfterTheDrainIsItsOwnVerdictNotALeakOfTheTest() throws {
        let report = try Churn.reportLeftRunning(unit, on: onGCD)
        XCTAssertFalse(report.findings.isEmpty)
        for finding in report.findings {
            let reason = try XCTUnwrap(finding.retentionReason)
            XCTAssertTrue(reason.hasPrefix("still running after the test: "), reason)
            XCTAssertTrue(reason.contains("live resources still being created or released"), reason)
            XCTAssertFalse(finding.isActionable, "not a leak verdict of the test's")
            XCTAssertEqual(finding.suppressedBy?.isBuiltIn, true)
            XCTAssertNil(finding.heldByTest)
        }
        XCTAssertEqual(RunReport(scenarios: [report]).summary.suppressedFindings, 0)
    }

    /// Work an earlier test of the process left queued is not this test's: it neither makes the
    /// drain wait nor turns this test's leak into "still running after the test".
    func testWorkQueuedBeforeTheTestBeganDoesNotHideItsLeak() throws {
        let recorder = TestUnitRecorder(drainTimeout: 5, heapGraph: false)
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxtrace.tests.earlier-test")
        let earlier = scheduler.scheduleRelative((), dueTime: .seconds(30)) { Disposables.create() }
        defer { earlier.dispose() }
        let subject = PublishSubject<Int>()
        var kept: [Disposable] = []
        recorder.begin(unit)
        kept.append(subject.subscribe())
        XCTAssertNil(recorder.endFirstRun(unit), "it leaves a subscription: it runs again")
        recorder.beginRerun(unit)
        kept.append(subject.subscribe())
        let report = try XCTUnwrap(recorder.endRerun(unit))
        kept.forEach { $0.dispose() }
        let leak = try XCTUnwrap(report.findings.first, "\(report.findings.map(\.headline))")
        XCTAssertTrue(leak.isActionable, "\(String(describing: leak.retentionReason))")
        XCTAssertFalse(leak.retentionReason?.hasPrefix("still running") ?? false)
    }

    /// Work a test queued on a scheduler and left there is named: how many items, on which
    /// scheduler (as `check` names it), scheduled at which line of the test.
    func testWorkLeftQueuedIsNamedByItsSchedulerAndTheLineThatScheduledIt() throws {
        let recorder = TestUnitRecorder(drainTimeout: 0.4, heapGraph: false)
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxtrace.tests.left-queued")
        var queued: [Disposable] = []
        let scheduleLine = #line + 2
        let leaveQueued = {
            queued.append(scheduler.scheduleRelative((), dueTime: .seconds(30)) { Disposables.create() })
        }
        recorder.begin(unit)
        leaveQueued()
        XCTAssertNil(recorder.endFirstRun(unit), "the queued item is alive: it runs again")
        recorder.beginRerun(unit)
        leaveQueued()
        let report = try XCTUnwrap(recorder.endRerun(unit))
        queued.forEach { $0.dispose() }
        // The first drain that gave up is the one reported: one item queued then.
        let reason = try XCTUnwrap(report.findings.first?.retentionReason, "\(report.findings.map(\.headline))")
        XCTAssertTrue(
            reason.hasPrefix(
                "still running after the test: 1 item pending on SerialDispatchQueueScheduler(rxtrace.tests.left-queued), scheduled at Tests/RxTraceTests/LeftRunningTests.swift:\(scheduleLine) after "
            ),
            reason
        )
        XCTAssertTrue(report.findings.allSatisfy { !$0.isActionable }, "not a leak verdict of the test's")
    }
}
#endif
