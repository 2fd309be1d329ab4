import Foundation
import RxCore
import RxCoreTesting
import XCTest

final class TakeUntilTests: RxTestCase {
    private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
    }

    func testOtherElementCompletesTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = source(scheduler)
        let r = scheduler.createHotObservable([.next(225, "stop"), .completed(400)])
        let res = scheduler.start { l.take(until: r) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(225)])
        XCTAssertEqual(l.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(r.subscriptions, [Subscription(200, 225)])
    }

    func testOtherCompletingWithoutElementsChangesNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = source(scheduler)
        let r = scheduler.createHotObservable([.completed(225)] as [Recorded<Event<String>>])
        let res = scheduler.start { l.take(until: r) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        XCTAssertEqual(l.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(r.subscriptions, [Subscription(200, 225)])
    }

    func testOtherErrorFailsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = source(scheduler)
        let r = scheduler.createHotObservable([.error(225, testError)] as [Recorded<Event<String>>])
        let res = scheduler.start { l.take(until: r) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .error(225, testError)])
        XCTAssertEqual(l.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(r.subscriptions, [Subscription(200, 225)])
    }

    func testSourceEndingFirstReleasesOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = source(scheduler)
        let r = scheduler.createHotObservable([.next(500, "late")])
        let res = scheduler.start { l.take(until: r) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        XCTAssertEqual(r.subscriptions, [Subscription(200, 300)])
    }

    func testDisposalReleasesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = source(scheduler)
        let r = scheduler.createHotObservable([.next(500, "late")])
        let res = scheduler.start(disposed: 215) { l.take(until: r) }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(l.subscriptions, [Subscription(200, 215)])
        XCTAssertEqual(r.subscriptions, [Subscription(200, 215)])
    }

    func testOtherEmittingImmediatelyCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = source(scheduler)
        let res = scheduler.start { l.take(until: Observable.just(())) }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    @available(*, deprecated)
    func testDeprecatedTakeUntil() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = source(scheduler)
        let r = scheduler.createHotObservable([.next(215, "stop")])
        let res = scheduler.start { l.takeUntil(r) }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(215)])
    }
}
