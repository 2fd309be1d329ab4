import Foundation
import RxCore
import RxCoreTesting
import TestSupport
import XCTest

private let testError = NSError(domain: "RxCoreTestingTests", code: 7)

/// `ResourceCheckedTestCase` checks, in traced builds, that every test releases what it created.
class RxCoreTestingTestCase: ResourceCheckedTestCase {}

final class TestSchedulerTests: RxCoreTestingTestCase {
    func testDefaults() {
        XCTAssertEqual(TestScheduler.Defaults.created, 100)
        XCTAssertEqual(TestScheduler.Defaults.subscribed, 200)
        XCTAssertEqual(TestScheduler.Defaults.disposed, 1000)
    }

    func testStartCreatesSubscribesAndDisposesAtTheGivenTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        var createdAt: [Int] = []
        let xs = scheduler.createColdObservable([.next(50, 1), .next(500, 2)])
        let res = scheduler.start(created: 10, subscribed: 20, disposed: 300) { () -> Observable<Int> in
            createdAt.append(scheduler.clock)
            return xs.asObservable()
        }
        XCTAssertEqual(createdAt, [10])
        XCTAssertEqual(res.events, [.next(70, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(20, 300)])
    }

    func testStartWithDefaultTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        var createdAt: [Int] = []
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(1100, 2)])
        let res = scheduler.start { () -> TestableObservable<Int> in
            createdAt.append(scheduler.clock)
            return xs
        }
        XCTAssertEqual(createdAt, [TestScheduler.Defaults.created])
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testStartWithDisposedTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let res = scheduler.start(disposed: 220) { xs.asObservable() }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testHotObservablePlaysAtAbsoluteTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(100, 1), .next(300, 2), .next(500, 3), .completed(600)])
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(50) { subscriptions.append(xs.subscribe(early)) }
        scheduler.scheduleAt(400) { subscriptions.append(xs.subscribe(late)) }
        scheduler.scheduleAt(550) { subscriptions[0].dispose() }
        scheduler.start()
        XCTAssertEqual(early.events, [.next(100, 1), .next(300, 2), .next(500, 3)])
        XCTAssertEqual(late.events, [.next(500, 3), .completed(600)])
        XCTAssertEqual(xs.subscriptions, [Subscription(50, 550), Subscription(400)])
        subscriptions[1].dispose()
    }

    func testColdObservablePlaysRelativeToEachSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .completed(30)])
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)
        scheduler.scheduleAt(100) { _ = xs.subscribe(first) }
        scheduler.scheduleAt(205) { _ = xs.subscribe(second) }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(110, "a"), .next(120, "b"), .completed(130)])
        XCTAssertEqual(second.events, [.next(215, "a"), .next(225, "b"), .completed(235)])
        XCTAssertEqual(xs.subscriptions, [Subscription(100), Subscription(205)])
    }

    func testColdObservableStopsDeliveringAfterDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2)])
        let res = scheduler.start(disposed: 215) { xs.asObservable() }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }

    func testRecordedEventsAreExposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let events: [Recorded<Event<Int>>] = [.next(10, 1), .completed(20)]
        XCTAssertEqual(scheduler.createHotObservable(events).recordedEvents, events)
        XCTAssertEqual(scheduler.createColdObservable(events).recordedEvents, events)
        // A hot observable's events wait in the scheduler's queue (holding the observable, as in
        // RxTest) until the scheduler runs them.
        scheduler.start()
    }

    func testWorkScheduledForNowRunsOneTickLater() {
        let scheduler = TestScheduler(initialClock: 0)
        var ranAt: [Int] = []
        scheduler.scheduleAt(100) {
            _ = scheduler.schedule(()) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
            _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(ranAt, [101, 105])
    }

    func testWithoutSimulatedProcessingDelayNowMeansNow() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        var ranAt: [Int] = []
        scheduler.scheduleAt(100) {
            _ = scheduler.schedule(()) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(ranAt, [100])
    }

    func testAdjustScheduledTime() {
        let scheduler = TestScheduler(initialClock: 50)
        XCTAssertEqual(scheduler.adjustScheduledTime(40), 51)
        XCTAssertEqual(scheduler.adjustScheduledTime(50), 51)
        XCTAssertEqual(scheduler.adjustScheduledTime(60), 60)
    }

    func testResolutionConvertsRealIntervalsToTicks() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        var ranAt: [Int] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
            ranAt.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(ranAt, [10])
        XCTAssertEqual(scheduler.now, Date(timeIntervalSince1970: 1))
    }

    func testInitialClockAndNow() {
        let scheduler = TestScheduler(initialClock: 300)
        XCTAssertEqual(scheduler.clock, 300)
        XCTAssertEqual(scheduler.now, Date(timeIntervalSince1970: 300))
    }

    func testScheduleAtRunsInTimeOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        scheduler.scheduleAt(30) { log.append("c@\(scheduler.clock)") }
        scheduler.scheduleAt(10) { log.append("a@\(scheduler.clock)") }
        scheduler.scheduleAt(10) { log.append("b@\(scheduler.clock)") }
        scheduler.start()
        XCTAssertEqual(log, ["a@10", "b@10", "c@30"])
    }

    func testAdvanceToOnTheTestScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [Int] = []
        scheduler.scheduleAt(10) { log.append(10) }
        scheduler.scheduleAt(20) { log.append(20) }
        scheduler.advanceTo(15)
        XCTAssertEqual(log, [10])
        XCTAssertEqual(scheduler.clock, 15)
        scheduler.start()
        XCTAssertEqual(log, [10, 20])
    }

    func testCreateObserverRecordsWithTheClock() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(10) { observer.onNext(1) }
        scheduler.scheduleAt(20) { observer.onError(testError) }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(10, 1), .error(20, testError)])
    }
}

final class RecordedTests: RxCoreTestingTestCase {
    func testHelpers() {
        let next = Recorded.next(10, 1)
        XCTAssertEqual(next.time, 10)
        XCTAssertEqual(next.value, .next(1))
        let completed = Recorded.completed(20, Int.self)
        XCTAssertEqual(completed.time, 20)
        XCTAssertEqual(completed.value, Event<Int>.completed)
        let error = Recorded.error(30, testError, Int.self)
        XCTAssertEqual(error.value, Event<Int>.error(testError))
        XCTAssertEqual(Recorded(time: 5, value: Event.next("x")), .next(5, "x"))
    }

    func testEventsBuilders() {
        let variadic = Recorded.events(.next(10, 1), .next(20, 2), .completed(30))
        XCTAssertEqual(variadic, [.next(10, 1), .next(20, 2), .completed(30)])
        let array = Recorded.events([.next(10, 1), .next(20, 2), .completed(30)])
        XCTAssertEqual(array, variadic)
    }

    func testEquality() {
        XCTAssertEqual(Recorded.next(10, 1), Recorded.next(10, 1))
        XCTAssertNotEqual(Recorded.next(10, 1), Recorded.next(11, 1))
        XCTAssertNotEqual(Recorded.next(10, 1), Recorded.next(10, 2))
        XCTAssertNotEqual(Recorded.next(10, 1), Recorded.completed(10))
        XCTAssertEqual(Recorded.error(10, testError, Int.self), Recorded.error(10, testError, Int.self))
        XCTAssertNotEqual(
            Recorded.error(10, testError, Int.self),
            Recorded.error(10, NSError(domain: "other", code: 7), Int.self)
        )
    }

    func testDebugDescription() {
        XCTAssertEqual(Recorded.next(10, 1).debugDescription, "next(1) @ 10")
        XCTAssertEqual(Recorded.completed(20, Int.self).debugDescription, "completed @ 20")
    }

    func testOptionalElementsCompare() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int?.self)
        scheduler.scheduleAt(10) { observer.onNext(nil) }
        scheduler.scheduleAt(20) { observer.onNext(3) }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(10, nil), .next(20, 3)])
    }

    func testPlainEventArrays() {
        XCTAssertEqual([Event.next(1), .completed], [Event.next(1), .completed])
    }
}

final class SubscriptionTests: RxCoreTestingTestCase {
    func testOpenAndClosedSubscriptions() {
        let open = Subscription(200)
        XCTAssertEqual(open.subscribe, 200)
        XCTAssertEqual(open.unsubscribe, Int.max)
        XCTAssertEqual(open.debugDescription, "(200 : Infinity)")
        let closed = Subscription(200, 300)
        XCTAssertEqual(closed.unsubscribe, 300)
        XCTAssertEqual(closed.debugDescription, "(200 : 300)")
        XCTAssertNotEqual(open, closed)
        XCTAssertEqual(Set([closed, Subscription(200, 300)]).count, 1)
    }
}

final class AssertionTests: RxCoreTestingTestCase {
    private var capturedFailures: [String] = []
    private var capturingFailures = false

    override func recordFailure(
        withDescription description: String,
        inFile filePath: String,
        atLine lineNumber: Int,
        expected: Bool
    ) {
        if capturingFailures {
            capturedFailures.append(description)
            return
        }
        super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }

    private func failures(_ body: () -> Void) -> [String] {
        capturedFailures = []
        capturingFailures = true
        body()
        capturingFailures = false
        return capturedFailures
    }

    func testRecordedElementsIgnoresTimes() {
        XCTAssertEqual(failures { XCTAssertRecordedElements([.next(10, 1), .next(20, 2)], [1, 2]) }, [])
    }

    func testRecordedElementsFailsOnDifferentElements() {
        XCTAssertEqual(failures { XCTAssertRecordedElements([.next(10, 1)], [2]) }.count, 1)
    }

    func testRecordedElementsFailsOnAStopEvent() {
        let reported = failures { XCTAssertRecordedElements([.next(10, 1), .completed(20)], [1]) }
        XCTAssertEqual(reported.count, 1)
        XCTAssertTrue(reported.first?.contains("stop event") ?? false, "\(reported)")
    }

    func testEqualOverloadsReportMismatches() {
        XCTAssertEqual(failures { XCTAssertEqual([Recorded.next(10, 1)], [Recorded.next(10, 2)]) }.count, 1)
        XCTAssertEqual(failures { XCTAssertEqual([Event.next(1)], [Event.completed]) }.count, 1)
        XCTAssertEqual(failures { XCTAssertEqual([Recorded.next(10, 1)], [Recorded.next(10, 1)]) }, [])
    }
}
