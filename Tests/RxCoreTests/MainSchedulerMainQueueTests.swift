import Dispatch
import Foundation
import TestSupport
import XCTest

@testable import RxCore

#if canImport(Testing)
import Testing
#endif

// "Main" is the main dispatch queue, as RxSwift's MainScheduler decides it (a specific key set on
// `DispatchQueue.main`), not the main thread: work scheduled on the main queue runs at once,
// whichever thread serves the queue, and the main-thread checks pass there. Swift Testing on
// Linux runs a `@MainActor` test on the main queue on a libdispatch worker thread; XCTest runs a
// test on the main thread, which also serves the main queue. See docs/main-scheduler.md.

/// What happened at once (before the calling code returned) when work was handed to the main
/// schedulers, and what a traced build recorded.
struct MainQueueWork: Equatable {
    var mainSchedulerRanAtOnce = false
    var concurrentMainSchedulerRanAtOnce = false
    var observedOnMainAtOnce: [Int] = []
    var boundAtOnce: [String] = []
    /// `offMainThread` anomalies recorded meanwhile (traced builds; 0 untraced).
    var offMainAnomalies = 0

    static let atOnce = MainQueueWork(
        mainSchedulerRanAtOnce: true,
        concurrentMainSchedulerRanAtOnce: true,
        observedOnMainAtOnce: [1, 2],
        boundAtOnce: ["a"],
        offMainAnomalies: 0
    )
}

/// Hands work to MainScheduler, ConcurrentMainScheduler, `observe(on: MainScheduler.instance)`
/// and a Binder on MainScheduler (its default), and makes the checks that require main; records
/// what ran before it returns.
func handWorkToTheMainSchedulers() -> MainQueueWork {
    final class Label { var texts: [String] = [] }
    let anomaliesBefore = offMainThreadAnomalyCount()
    var work = MainQueueWork()
    _ = MainScheduler.instance.schedule(()) { _ in
        work.mainSchedulerRanAtOnce = true
        return Disposables.create()
    }
    _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
        work.concurrentMainSchedulerRanAtOnce = true
        return Disposables.create()
    }
    let observed = Observable.of(1, 2).observe(on: MainScheduler.instance).requireMainThread()
        .subscribe(onNext: { work.observedOnMainAtOnce.append($0) })
    let label = Label()
    let bound = Observable.just("a").bind(to: Binder(label) { $0.texts.append($1) })
    work.boundAtOnce = label.texts
    observed.dispose()
    bound.dispose()
    MainScheduler.ensureExecutingOnScheduler()
    MainScheduler.ensureRunningOnMainThread()
    work.offMainAnomalies = offMainThreadAnomalyCount() - anomaliesBefore
    return work
}

#if canImport(Testing)
@Suite(.serialized) struct MainSchedulerMainQueueTests {
    /// On Linux this runs on the main queue on a libdispatch worker thread.
    @MainActor @Test func workHandedToTheMainSchedulersInAMainActorTestRunsAtOnce() {
        #expect(handWorkToTheMainSchedulers() == MainQueueWork.atOnce)
    }
}
#endif

final class MainSchedulerMainQueueXCTests: RxTestCase {
    override func setUp() {
        super.setUp()
        // Work an earlier test left on the main queue would make MainScheduler queue behind it
        // (RxSwift's ordering rule): serve it first.
        XCTAssertTrue(runMainRunLoop(until: { MainScheduler.instance.numberEnqueued.load() == 0 }))
    }

    /// XCTest runs this on the main thread, which serves the main queue.
    func testWorkHandedToTheMainSchedulersInAnXCTestRunsAtOnce() {
        XCTAssertEqual(handWorkToTheMainSchedulers(), MainQueueWork.atOnce)
    }

    /// A queue that targets the main queue is the main queue's work (RxSwift's key is found
    /// through the target): MainScheduler runs at once there.
    func testWorkOnAQueueTargetingTheMainQueueRunsAtOnce() {
        let log = LineLog()
        DispatchQueue(label: "rx.targets-main", target: .main).async { log.append("\(handWorkToTheMainSchedulers())") }
        XCTAssertTrue(runMainRunLoop(until: { !log.lines.isEmpty }))
        XCTAssertEqual(log.lines, ["\(MainQueueWork.atOnce)"])
    }

    /// The main thread running another queue's block (`sync`) is not on the main queue: as in
    /// RxSwift, MainScheduler queues the work on the main queue instead of running it inside the
    /// other queue's block. (Before: it decided by the thread and ran it there, at once.)
    func testWorkScheduledFromAnotherQueuesBlockOnTheMainThreadWaitsForTheMainQueue() {
        let log = LineLog()
        DispatchQueue(label: "rx.other").sync {
            scheduleOnMain(log)
            log.append("schedule returned")
        }
        XCTAssertEqual(log.lines, ["schedule returned"])
        XCTAssertTrue(runMainRunLoop(until: { log.lines.count == 2 }))
        XCTAssertEqual(log.lines, ["schedule returned", "ran on the main thread: true"])
    }

    /// The main-thread checks (`ensureRunningOnMainThread`, `requireMainThread()`) pass there, and
    /// a Binder on MainScheduler queues its binding: the main thread is busy with the other queue's
    /// block, so no main-queue work runs beside it (and RxSwift checks the thread on Apple platforms).
    func testMainThreadChecksPassInAnotherQueuesBlockOnTheMainThread() {
        final class Label { var text = "" }
        let label = Label()
        let anomaliesBefore = offMainThreadAnomalyCount()
        DispatchQueue(label: "rx.other").sync {
            MainScheduler.ensureRunningOnMainThread()
            let subject = PublishSubject<String>()
            let checked = subject.requireMainThread().subscribe()
            let bound = subject.bind(to: Binder(label) { $0.text = $1 })
            subject.onNext("a")
            checked.dispose()
            bound.dispose()
        }
        XCTAssertEqual(offMainThreadAnomalyCount() - anomaliesBefore, 0)
        XCTAssertTrue(
            runMainRunLoop(until: { label.text == "a" }),
            "the Binder's MainScheduler queued it on the main queue"
        )
    }

    /// Off the main queue and the main thread, work still waits for the main queue (and a traced
    /// build still reports a Binder fed there: ThreadAnomalyRecordingTests).
    func testWorkScheduledFromABackgroundQueueWaitsForTheMainQueue() {
        let log = LineLog()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue(label: "rx.background").async {
            scheduleOnMain(log)
            log.append("schedule returned")
            done.signal()
        }
        done.wait()
        XCTAssertEqual(log.lines, ["schedule returned"])
        XCTAssertTrue(runMainRunLoop(until: { log.lines.count == 2 }))
        XCTAssertEqual(log.lines, ["schedule returned", "ran on the main thread: true"])
    }
}

/// Schedules a line on MainScheduler.instance that says where it ran.
private func scheduleOnMain(_ log: LineLog) {
    _ = MainScheduler.instance.schedule(()) { _ in
        log.append("ran on the main thread: \(Thread.isMainThread)")
        return Disposables.create()
    }
}
