import Foundation
import RxCore
import RxCoreTesting
import XCTest

private let distinctError = NSError(domain: "DistinctUntilChangedTests", code: 1)

final class DistinctUntilChangedTests: RxTestCase {
    func testEquatableDropsConsecutiveDuplicatesOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1),
            .next(210, 2), .next(215, 3), .next(220, 3), .next(225, 2),
            .next(230, 2), .next(235, 1), .next(240, 2),
            .completed(250),
        ])
        let res = scheduler.start { xs.distinctUntilChanged() }
        XCTAssertEqual(
            res.events,
            [
                .next(210, 2), .next(215, 3), .next(225, 2), .next(235, 1), .next(240, 2), .completed(250),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testKeySelectorComparesKeys() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 2), .next(220, 4), .next(230, 5), .next(240, 7), .next(250, 8), .completed(260),
        ])
        let res = scheduler.start { xs.distinctUntilChanged { $0 % 2 } }
        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 5), .next(250, 8), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    }

    func testComparerComparesWithLastForwardedElement() {
        let scheduler = TestScheduler(initialClock: 0)
        // "Close enough" to the last *forwarded* element: 1 is kept, 2 and 3 are within 2 of
        // it, 4 is not.
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let res = scheduler.start { xs.distinctUntilChanged { abs($0 - $1) <= 2 } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 4), .completed(250)])
    }

    func testKeySelectorAndComparer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, "a"), .next(220, "A"), .next(230, "b"), .next(240, "bb"), .completed(250),
        ])
        let res = scheduler.start { xs.distinctUntilChanged({ $0.lowercased() }, comparer: { $0.first == $1.first }) }
        XCTAssertEqual(res.events, [.next(210, "a"), .next(230, "b"), .completed(250)])
    }

    func testKeyPath() {
        struct Point {
            var x: Int
            var y: Int
        }
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Point(x: 1, y: 1)), .next(220, Point(x: 1, y: 2)), .next(230, Point(x: 2, y: 2)),
            .completed(240),
        ])
        let res = scheduler.start { xs.distinctUntilChanged(at: \.x).map { "\($0.x),\($0.y)" } }
        XCTAssertEqual(res.events, [.next(210, "1,1"), .next(230, "2,2"), .completed(240)])
    }

    func testThrowingKeySelectorErrorsAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        let res = scheduler.start {
            xs.distinctUntilChanged { value -> Int in
                if value == 2 { throw distinctError }
                return value
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, distinctError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testThrowingComparerErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.distinctUntilChanged { (_: Int, _: Int) throws -> Bool in throw distinctError } }
        // The comparer is not called for the first element.
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, distinctError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testErrorAndDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([.next(210, 1), .error(220, distinctError)])
        let failed = scheduler.start { failing.distinctUntilChanged() }
        XCTAssertEqual(failed.events, [.next(210, 1), .error(220, distinctError)])
        XCTAssertEqual(failing.subscriptions, [Subscription(200, 220)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let endless = scheduler2.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let res = scheduler2.start(disposed: 225) { endless.distinctUntilChanged() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(endless.subscriptions, [Subscription(200, 225)])
    }
}
