import Foundation
import RxCore
import RxCoreTesting
import XCTest

private let skipError = NSError(domain: "SkipTests", code: 1)

final class SkipTests: RxTestCase {
    private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 0),
            .next(210, 1), .next(220, 2), .next(230, 5), .next(240, 3),
            .completed(250),
        ])
    }

    // MARK: skip(_ count:)

    func testSkipCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.skip(2) }
        XCTAssertEqual(res.events, [.next(230, 5), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSkipZeroAndMoreThanAvailable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let none = scheduler.start { xs.skip(0) }
        XCTAssertEqual(none.events, [.next(210, 1), .next(220, 2), .next(230, 5), .next(240, 3), .completed(250)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = source(scheduler2)
        let all = scheduler2.start { ys.skip(10) }
        XCTAssertEqual(all.events, [.completed(250)])
    }

    func testSkipCountErrorAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, skipError)])
        let res = scheduler.start { xs.skip(1) }
        XCTAssertEqual(res.events, [.next(220, 2), .error(230, skipError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = source(scheduler2)
        let disposed = scheduler2.start(disposed: 235) { ys.skip(1) }
        XCTAssertEqual(disposed.events, [.next(220, 2), .next(230, 5)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 235)])
    }

    // MARK: skip(for:scheduler:)

    func testSkipForDurationDropsElementsBeforeTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.skip(for: .seconds(25), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(230, 5), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSkipForDurationLongerThanSourceAndZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let all = scheduler.start { xs.skip(for: .seconds(100), scheduler: scheduler) }
        XCTAssertEqual(all.events, [.completed(250)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = source(scheduler2)
        let none = scheduler2.start { ys.skip(for: .seconds(0), scheduler: scheduler2) }
        XCTAssertEqual(none.events, [.next(210, 1), .next(220, 2), .next(230, 5), .next(240, 3), .completed(250)])
    }

    func testSkipForDurationErrorIsNotSkippedAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, skipError)])
        let res = scheduler.start { xs.skip(for: .seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.error(220, skipError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = source(scheduler2)
        let disposed = scheduler2.start(disposed: 235) { ys.skip(for: .seconds(15), scheduler: scheduler2) }
        XCTAssertEqual(disposed.events, [.next(220, 2), .next(230, 5)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 235)])
    }

    // MARK: skip(while:)

    func testSkipWhileStopsSkippingAtTheFirstFailingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        // 3 satisfies the predicate again but is passed on: skipping never resumes.
        let res = scheduler.start { xs.skip(while: { $0 < 4 }) }
        XCTAssertEqual(res.events, [.next(230, 5), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSkipWhileThrowingPredicate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start {
            xs.skip(while: { value in
                if value == 2 { throw skipError }
                return true
            })
        }
        XCTAssertEqual(res.events, [.error(220, skipError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSkipWhileErrorAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 7), .error(230, skipError)])
        let res = scheduler.start { xs.skip(while: { $0 < 4 }) }
        XCTAssertEqual(res.events, [.next(220, 7), .error(230, skipError)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = source(scheduler2)
        let disposed = scheduler2.start(disposed: 225) { ys.skip(while: { $0 < 2 }) }
        XCTAssertEqual(disposed.events, [.next(220, 2)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 225)])
    }

    // MARK: skip(until:)

    func testSkipUntilPassesElementsAfterOtherEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let other = scheduler.createHotObservable([.next(225, "go"), .next(235, "again"), .completed(245)])
        let res = scheduler.start { xs.skip(until: other) }
        XCTAssertEqual(res.events, [.next(230, 5), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        // The trigger is released as soon as it has fired.
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    func testSkipUntilSourceCompletesBeforeOtherEndsSilently() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let other = scheduler.createHotObservable([.next(300, "late")])
        let res = scheduler.start { xs.skip(until: other) }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 250)])
    }

    func testSkipUntilOtherCompletesWithoutElementSkipsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let other = scheduler.createHotObservable([.completed(215, String.self)])
        let res = scheduler.start { xs.skip(until: other) }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 215)])
    }

    func testSkipUntilErrorsFromEitherSide() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let other = scheduler.createHotObservable([.error(215, skipError, String.self)])
        let res = scheduler.start { xs.skip(until: other) }
        XCTAssertEqual(res.events, [.error(215, skipError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 215)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .error(220, skipError)])
        let never = scheduler2.createHotObservable([.next(300, "late")])
        let failed = scheduler2.start { ys.skip(until: never) }
        XCTAssertEqual(failed.events, [.error(220, skipError)])
        XCTAssertEqual(never.subscriptions, [Subscription(200, 220)])
    }

    func testSkipUntilDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let other = scheduler.createHotObservable([.next(215, "go")])
        let res = scheduler.start(disposed: 225) { xs.skip(until: other) }
        XCTAssertEqual(res.events, [.next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 215)])
    }

    @available(*, deprecated)
    func testDeprecatedAliases() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let other = scheduler.createHotObservable([.next(225, "go")])
        let res = scheduler.start { xs.skipWhile { $0 < 2 }.skipUntil(other).skip(.seconds(35), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(240, 3), .completed(250)])
    }
}
