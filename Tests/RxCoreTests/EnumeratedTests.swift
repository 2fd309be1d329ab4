import RxCore
import RxCoreTesting
import XCTest

private struct EnumeratedFailure: Error {}

private struct Indexed<Element: Equatable>: Equatable {
    let index: Int
    let element: Element
}

final class EnumeratedTests: RxTestCase {
    func testPairsElementsWithTheirIndexFromZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, "ignored"),
            .next(210, "a"),
            .next(220, "b"),
            .next(230, "c"),
            .completed(240),
        ])
        let res = scheduler.start { xs.enumerated().map { Indexed(index: $0.index, element: $0.element) } }
        XCTAssertEqual(
            res.events,
            [
                .next(210, Indexed(index: 0, element: "a")),
                .next(220, Indexed(index: 1, element: "b")),
                .next(230, Indexed(index: 2, element: "c")),
                .completed(240),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testTupleLabelsAreIndexAndElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 7), .completed(220)])
        let res = scheduler.start {
            xs.enumerated().map { pair -> Int in
                let (index, element): (index: Int, element: Int) = pair
                return index * 100 + element
            }
        }
        XCTAssertEqual(res.events, [.next(210, 7), .completed(220)])
    }

    func testForwardsSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 5), .error(220, EnumeratedFailure())])
        let res = scheduler.start { xs.enumerated().map { Indexed(index: $0.index, element: $0.element) } }
        XCTAssertEqual(res.events, [.next(210, Indexed(index: 0, element: 5)), .error(220, EnumeratedFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 5), .next(20, 6), .next(30, 7), .completed(40)])
        let res = scheduler.start(disposed: 225) {
            xs.enumerated().map { Indexed(index: $0.index, element: $0.element) }
        }
        XCTAssertEqual(
            res.events,
            [.next(210, Indexed(index: 0, element: 5)), .next(220, Indexed(index: 1, element: 6))]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testEachSubscriptionCountsFromZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 5), .next(20, 6), .completed(30)])
        let indexes = xs.enumerated().map { $0.index }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = indexes.subscribe(first) }
        scheduler.scheduleAt(300) { _ = indexes.subscribe(second) }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 0), .next(220, 1), .completed(230)])
        XCTAssertEqual(second.events, [.next(310, 0), .next(320, 1), .completed(330)])
    }

    @available(*, deprecated)
    func testDeprecatedMapWithIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 4), .next(220, 5), .completed(230)])
        let res = scheduler.start { xs.mapWithIndex { "\($1):\($0)" } }
        XCTAssertEqual(res.events, [.next(210, "0:4"), .next(220, "1:5"), .completed(230)])
    }

    @available(*, deprecated)
    func testDeprecatedFlatMapWithIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 4), .next(220, 5), .completed(230)])
        let res = scheduler.start { xs.flatMapWithIndex { value, index in Observable.of(value, index) } }
        XCTAssertEqual(res.events, [.next(210, 4), .next(210, 0), .next(220, 5), .next(220, 1), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}
