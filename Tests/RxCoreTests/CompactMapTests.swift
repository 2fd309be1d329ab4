import RxCore
import RxCoreTesting
import XCTest

private struct CompactMapFailure: Error {}

final class CompactMapTests: RxTestCase {
    func testDropsNilResultsAndForwardsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, "0"),
            .next(210, "1"),
            .next(220, "x"),
            .next(230, "3"),
            .next(240, ""),
            .next(250, "5"),
            .completed(260),
            .next(270, "7"),
        ])
        let res = scheduler.start { xs.compactMap { Int($0) } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .next(250, 5), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    }

    func testForwardsSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1),
            .next(220, 2),
            .error(230, CompactMapFailure()),
            .next(240, 4),
        ])
        let res = scheduler.start { xs.compactMap { $0 % 2 == 0 ? $0 * 10 : nil } }
        XCTAssertEqual(res.events, [.next(220, 20), .error(230, CompactMapFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testThrowingTransformErrorsAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1),
            .next(220, 2),
            .next(230, 3),
            .completed(300),
        ])
        let res = scheduler.start {
            xs.compactMap { value -> Int? in
                if value == 3 { throw CompactMapFailure() }
                return value
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .error(230, CompactMapFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([
            .next(10, 1),
            .next(20, 2),
            .next(30, 3),
            .next(40, 4),
            .completed(50),
        ])
        let res = scheduler.start(disposed: 235) { xs.compactMap { $0 == 2 ? nil : $0 } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
    }
}
