import Foundation
import RxCore
import RxCoreTesting
import XCTest

private let rateError = NSError(domain: "RateLimitingTests", code: 1)

/// sample, debounce and throttle: the filtering operators driven by time or by a second sequence.
final class RateLimitingTests: RxTestCase {
    // MARK: sample

    func testSampleEmitsLatestElementPerTickAndCompletesAtTheTickAfterSourceEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(240, 3), .next(290, 4), .completed(300),
        ])
        let ticks = scheduler.createHotObservable([
            .next(215, "a"), .next(230, "b"), .next(235, "c"), .next(300, "d"), .next(320, "e"),
        ])
        let res = scheduler.start { xs.sample(ticks) }
        XCTAssertEqual(res.events, [.next(215, 1), .next(230, 2), .next(300, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ticks.subscriptions, [Subscription(200, 300)])
    }

    func testSampleDefaultValueFillsEmptyIntervals() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(260)])
        let ticks = scheduler.createHotObservable([
            .next(215, "a"), .next(230, "b"), .next(240, "c"), .next(270, "d"),
        ])
        let res = scheduler.start { xs.sample(ticks, defaultValue: 0) }
        XCTAssertEqual(res.events, [.next(215, 1), .next(230, 2), .next(240, 0), .next(270, 0), .completed(270)])
    }

    func testSampleSamplerCompletionIsATick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 3), .completed(300)])
        let ticks = scheduler.createHotObservable([.next(215, "a"), .completed(245, String.self)])
        let res = scheduler.start { xs.sample(ticks) }
        // With the sampler gone nothing can ever complete the result, as in RxSwift.
        XCTAssertEqual(res.events, [.next(215, 1), .next(245, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ticks.subscriptions, [Subscription(200, 245)])
    }

    func testSampleErrorsFromEitherSideAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, rateError)])
        let ticks = scheduler.createHotObservable([.next(215, "a"), .next(230, "b")])
        let res = scheduler.start { xs.sample(ticks) }
        XCTAssertEqual(res.events, [.next(215, 1), .error(220, rateError)])
        XCTAssertEqual(ticks.subscriptions, [Subscription(200, 220)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .next(300, 2)])
        let failingTicks = scheduler2.createHotObservable([.error(225, rateError, String.self)])
        let failed = scheduler2.start { ys.sample(failingTicks) }
        XCTAssertEqual(failed.events, [.error(225, rateError)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 225)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = scheduler3.createHotObservable([.next(210, 1), .next(300, 2)])
        let moreTicks = scheduler3.createHotObservable([.next(220, "a"), .next(400, "b")])
        let disposed = scheduler3.start(disposed: 350) { zs.sample(moreTicks) }
        XCTAssertEqual(disposed.events, [.next(220, 1)])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 350)])
        XCTAssertEqual(moreTicks.subscriptions, [Subscription(200, 350)])
    }

    // MARK: debounce

    func testDebounceEmitsAfterQuietPeriodAndFlushesOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(250, 3), .next(255, 4), .next(300, 5), .completed(310),
        ])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(240, 2), .next(275, 4), .next(310, 5), .completed(310)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 310)])
    }

    func testDebounceErrorDropsPendingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .error(260, rateError)])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(230, 1), .error(260, rateError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    }

    func testDebounceDisposeCancelsPendingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2)])
        let res = scheduler.start(disposed: 260) { xs.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(230, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    }

    // MARK: throttle

    func testThrottleLatestEmitsFirstAtOnceAndLatestAtTheEndOfTheWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(240, 2), .next(280, 3), .next(330, 4), .next(500, 5), .completed(520),
        ])
        let res = scheduler.start { xs.throttle(.seconds(100), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(310, 3), .next(410, 4), .next(510, 5), .completed(520)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 520)])
    }

    func testThrottleNotLatestDropsElementsInsideTheWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(240, 2), .next(280, 3), .next(330, 4), .next(500, 5), .completed(520),
        ])
        let res = scheduler.start { xs.throttle(.seconds(100), latest: false, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(330, 4), .next(500, 5), .completed(520)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 520)])
    }

    func testThrottleCompletionWaitsForThePendingLatestElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(260)])
        let res = scheduler.start { xs.throttle(.seconds(100), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(310, 2), .completed(310)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    }

    func testThrottleErrorDropsPendingElementAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .error(260, rateError)])
        let res = scheduler.start { xs.throttle(.seconds(100), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(260, rateError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .next(250, 2)])
        let disposed = scheduler2.start(disposed: 300) { ys.throttle(.seconds(100), scheduler: scheduler2) }
        XCTAssertEqual(disposed.events, [.next(210, 1)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }

    // MARK: seed example C21: throttle(0.3) + distinctUntilChanged on a search field

    func testSearchFieldThrottleThenDistinctUntilChanged() {
        // One tick is a millisecond.
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let text = scheduler.createHotObservable([
            .next(210, "r"), .next(260, "rx"), .next(320, "rxs"),
            .next(900, "rxsw"), .next(1000, "rxs"), .next(1100, "rxsw"),
        ])
        let res = scheduler.start(created: 100, subscribed: 200, disposed: 2000) {
            text.throttle(.milliseconds(300), scheduler: scheduler).distinctUntilChanged()
        }
        // "rx" is superseded inside the first window; the retyped "rxsw" that ends the last
        // window equals the query already sent, so distinctUntilChanged drops it.
        XCTAssertEqual(res.events, [.next(210, "r"), .next(510, "rxs"), .next(900, "rxsw")])
        XCTAssertEqual(text.subscriptions, [Subscription(200, 2000)])
    }

    @available(*, deprecated)
    func testDeprecatedTimeIntervalThrottleAsWrittenInTheSearchExample() {
        // `throttle(0.3, …)` is the seed example's spelling: seconds as a Double.
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let text = scheduler.createHotObservable([.next(210, "r"), .next(260, "rx"), .next(320, "rxs")])
        let res = scheduler.start(created: 100, subscribed: 200, disposed: 2000) {
            text.throttle(0.3, scheduler: scheduler).distinctUntilChanged()
        }
        XCTAssertEqual(res.events, [.next(210, "r"), .next(510, "rxs")])
    }
}
