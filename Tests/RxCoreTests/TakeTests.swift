import Foundation
import RxCore
import RxCoreTesting
import XCTest

private let takeError = NSError(domain: "TakeTests", code: 1)

final class TakeTests: RxTestCase {
    private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 0),
            .next(210, 1), .next(220, 2), .next(230, 5), .next(240, 3),
            .completed(250),
        ])
    }

    // MARK: take(_ count:)

    func testTakeCountCompletesAfterCountAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.take(2) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeCountLargerThanSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.take(10) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 5), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTakeZeroCompletesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.take(0) }
        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testTakeCountErrorAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, takeError)])
        let res = scheduler.start { xs.take(3) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, takeError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = source(scheduler2)
        let disposed = scheduler2.start(disposed: 215) { ys.take(3) }
        XCTAssertEqual(disposed.events, [.next(210, 1)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 215)])
    }

    // MARK: take(for:scheduler:)

    func testTakeForDurationCompletesWhenTheTimerFires() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.take(for: .seconds(25), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testTakeForDurationLongerThanSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.take(for: .seconds(100), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 5), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTakeForZeroDurationCompletesOneTickAfterSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.take(for: .seconds(0), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.completed(201)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 201)])
    }

    func testTakeForDurationErrorAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, takeError)])
        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, takeError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = source(scheduler2)
        let disposed = scheduler2.start(disposed: 215) { ys.take(for: .seconds(50), scheduler: scheduler2) }
        XCTAssertEqual(disposed.events, [.next(210, 1)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 215)])
    }

    // MARK: takeLast(_:)

    func testTakeLastEmitsTheLastElementsOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.takeLast(2) }
        XCTAssertEqual(res.events, [.next(250, 5), .next(250, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTakeLastZeroAndMoreThanAvailable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.takeLast(0) }
        XCTAssertEqual(res.events, [.completed(250)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = source(scheduler2)
        let all = scheduler2.start { ys.takeLast(9) }
        XCTAssertEqual(all.events, [.next(250, 1), .next(250, 2), .next(250, 5), .next(250, 3), .completed(250)])
    }

    func testTakeLastManyElementsKeepsOnlyTheLast() {
        let values = try! Observable.range(start: 0, count: 1000).takeLast(3).toArrayForTest()
        XCTAssertEqual(values, [997, 998, 999])
    }

    func testTakeLastErrorDropsBufferAndDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, takeError)])
        let res = scheduler.start { xs.takeLast(2) }
        XCTAssertEqual(res.events, [.error(230, takeError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = source(scheduler2)
        let disposed = scheduler2.start(disposed: 235) { ys.takeLast(2) }
        XCTAssertEqual(disposed.events, [])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 235)])
    }

    // MARK: take(while:) / take(until: predicate)

    func testTakeWhileExclusiveCompletesAtTheFirstFailingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.take(while: { $0 < 4 }) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testTakeWhileInclusivePassesTheFailingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.take(while: { $0 < 4 }, behavior: .inclusive) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 5), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testTakeUntilPredicateBothBehaviors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let exclusive = scheduler.start { xs.take(until: { $0 == 2 }) }
        XCTAssertEqual(exclusive.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = source(scheduler2)
        let inclusive = scheduler2.start { ys.take(until: { $0 == 2 }, behavior: .inclusive) }
        XCTAssertEqual(inclusive.events, [.next(210, 1), .next(220, 2), .completed(220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testTakeUntilPredicateNeverTrueAndThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.take(until: { $0 > 100 }) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 5), .next(240, 3), .completed(250)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = source(scheduler2)
        let thrown = scheduler2.start {
            ys.take(while: { value in
                if value == 5 { throw takeError }
                return true
            })
        }
        XCTAssertEqual(thrown.events, [.next(210, 1), .next(220, 2), .error(230, takeError)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    @available(*, deprecated)
    func testDeprecatedAliases() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let whileRes = scheduler.start { xs.takeWhile { $0 < 4 } }
        XCTAssertEqual(whileRes.events, [.next(210, 1), .next(220, 2), .completed(230)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = source(scheduler2)
        let untilRes = scheduler2.start { ys.takeUntil(.inclusive, predicate: { $0 == 2 }) }
        XCTAssertEqual(untilRes.events, [.next(210, 1), .next(220, 2), .completed(220)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = source(scheduler3)
        let timeRes = scheduler3.start { zs.take(.seconds(25), scheduler: scheduler3) }
        XCTAssertEqual(timeRes.events, [.next(210, 1), .next(220, 2), .completed(225)])
    }
}

extension ObservableType {
    /// Collects a synchronous sequence's elements (what RxBlocking's toArray does, without threads).
    func toArrayForTest() throws -> [Element] {
        var elements: [Element] = []
        var failure: Swift.Error?
        _ = subscribe(onNext: { elements.append($0) }, onError: { failure = $0 })
        if let failure { throw failure }
        return elements
    }
}
