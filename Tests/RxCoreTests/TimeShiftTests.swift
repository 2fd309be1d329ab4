import Foundation
import RxCore
import RxCoreTesting
import XCTest

private let timeError = NSError(domain: "TimeShiftTests", code: 1)

/// timeout, delay and delaySubscription.
final class TimeShiftTests: RxTestCase {
    // MARK: timeout

    func testTimeoutFailsWhenAGapExceedsDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(300, 3), .completed(320)])
        let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .error(290, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 290)])
    }

    func testTimeoutCountsFromSubscriptionForTheFirstElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(260, 1), .completed(270)])
        let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.error(250, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTimeoutPassesATimelySequenceUnchanged() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(280)])
        let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .completed(280)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 280)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .error(240, timeError)])
        let failed = scheduler2.start { ys.timeout(.seconds(50), scheduler: scheduler2) }
        XCTAssertEqual(failed.events, [.next(210, 1), .error(240, timeError)])
    }

    func testTimeoutSwitchesToOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(300, 3), .completed(320)])
        let other = scheduler.createColdObservable([.next(10, 9), .completed(20)])
        let res = scheduler.start { xs.timeout(.seconds(50), other: other, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .next(300, 9), .completed(310)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 290)])
        XCTAssertEqual(other.subscriptions, [Subscription(290, 310)])
    }

    /// Found by `make fuzz-semantics` (seed 1000, index 263067): `other` still sending
    /// synchronously (`startWith`) after the downstream had ended on its first element reached
    /// that downstream, and a `flatMapLatest` there subscribed an inner sequence per element.
    /// Nothing goes downstream once the timeout's subscription is disposed.
    func testOtherSendsNothingAfterTheDownstreamEnded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        var innerSubscriptions = 0

        let res = scheduler.start {
            xs.timeout(.seconds(50), other: Observable.just(3).startWith(1, 2), scheduler: scheduler)
                .flatMapLatest { _ in
                    Observable<Int>.deferred {
                        innerSubscriptions += 1
                        return .error(timeError)
                    }
                }
        }

        XCTAssertEqual(res.events, [.error(250, timeError)])
        XCTAssertEqual(innerSubscriptions, 1)
    }

    func testTimeoutDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
        let other = scheduler.createColdObservable([.next(10, 9), .next(100, 10)])
        let res = scheduler.start(disposed: 320) { xs.timeout(.seconds(50), other: other, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .next(300, 9)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 290)])
        XCTAssertEqual(other.subscriptions, [Subscription(290, 320)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .next(240, 2)])
        let early = scheduler2.start(disposed: 250) { ys.timeout(.seconds(50), scheduler: scheduler2) }
        XCTAssertEqual(early.events, [.next(210, 1), .next(240, 2)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    // MARK: delay

    func testDelayShiftsElementsAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .completed(550),
        ])
        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(350, 2), .next(450, 3), .next(550, 4), .completed(650)])
        // The source is released when it ends, not when its delayed completion is delivered.
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 550)])
    }

    func testDelayKeepsEachEventsOwnOffsetWhenEventsAreClose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
        let res = scheduler.start { xs.delay(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(220, 1), .next(225, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDelayDeliversABurstInOrderThenTheCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = burstSubject([1, 2, 3], then: .completed, at: 210, on: scheduler)
        let res = scheduler.start { subject.delay(.seconds(10), scheduler: scheduler) }
        // As RxSwift: the first at its time, then one per step of the recursive schedule (a tick
        // apart on virtual time).
        XCTAssertEqual(res.events, [.next(220, 1), .next(221, 2), .next(222, 3), .completed(223)])
    }

    func testDelayDoesNotDelayErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(250, 2), .next(350, 3), .error(400, timeError)])
        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
        // 3 was still waiting when the error arrived: it is dropped.
        XCTAssertEqual(res.events, [.next(350, 2), .error(400, timeError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testDelayDisposeDropsPendingElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(250, 2), .next(350, 3), .next(450, 4)])
        let res = scheduler.start(disposed: 420) { xs.delay(.seconds(100), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(350, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 420)])
    }

    // MARK: delaySubscription

    func testDelaySubscriptionSubscribesLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 1), .next(60, 2), .completed(70)])
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(280, 1), .next(290, 2), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 300)])
    }

    func testDelaySubscriptionErrorAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 1), .error(60, timeError)])
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(280, 1), .error(290, timeError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 290)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createColdObservable([.next(50, 1), .completed(70)])
        let before = scheduler2.start(disposed: 220) { ys.delaySubscription(.seconds(30), scheduler: scheduler2) }
        XCTAssertEqual(before.events, [])
        XCTAssertEqual(ys.subscriptions, [])

        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = scheduler3.createColdObservable([.next(50, 1), .completed(70)])
        let during = scheduler3.start(disposed: 260) { zs.delaySubscription(.seconds(30), scheduler: scheduler3) }
        XCTAssertEqual(during.events, [])
        XCTAssertEqual(zs.subscriptions, [Subscription(230, 260)])
    }

    @available(*, deprecated)
    func testDeprecatedTimeIntervalOverloads() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(250, 2), .next(350, 3), .completed(400)])
        let delayed = scheduler.start { xs.delay(100, scheduler: scheduler) }
        XCTAssertEqual(delayed.events, [.next(350, 2), .next(450, 3), .completed(500)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .next(300, 3)])
        let timedOut = scheduler2.start { ys.timeout(50, scheduler: scheduler2) }
        XCTAssertEqual(timedOut.events, [.next(210, 1), .error(260, RxError.timeout)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = scheduler3.createHotObservable([.next(210, 1), .next(300, 3)])
        let switched = scheduler3.start { zs.timeout(50, other: Observable.just(9), scheduler: scheduler3) }
        XCTAssertEqual(switched.events, [.next(210, 1), .next(260, 9), .completed(260)])

        let scheduler4 = TestScheduler(initialClock: 0)
        let cold = scheduler4.createColdObservable([.next(10, 1), .completed(20)])
        let later = scheduler4.start { cold.delaySubscription(30, scheduler: scheduler4) }
        XCTAssertEqual(later.events, [.next(240, 1), .completed(250)])

        let scheduler5 = TestScheduler(initialClock: 0)
        let ws = scheduler5.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        let taken = scheduler5.start { ws.skip(20, scheduler: scheduler5).take(40, scheduler: scheduler5) }
        XCTAssertEqual(taken.events, [.next(230, 2), .completed(240)])
    }
}
