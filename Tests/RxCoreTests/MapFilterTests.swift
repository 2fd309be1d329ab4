import RxCore
import RxCoreTesting
import XCTest

final class MapFilterTests: RxTestCase {
    func testMapTransformsElementsAndForwardsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1),
            .next(210, 2),
            .next(220, 3),
            .completed(300),
            .next(310, 4),
        ])
        let res = scheduler.start { xs.map { $0 * 10 } }
        XCTAssertEqual(res.events, [.next(210, 20), .next(220, 30), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMapThrowingTransformErrorsAndUnsubscribes() {
        struct Boom: Error {}
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start {
            xs.map { value -> Int in
                if value == 2 { throw Boom() }
                return value
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, Boom())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testFilterDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let res = scheduler.start(disposed: 225) { xs.filter { $0 % 2 == 1 } }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }
}
