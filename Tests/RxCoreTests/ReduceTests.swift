import RxCore
import RxCoreTesting
import XCTest

private struct ReduceFailure: Error {}

final class ReduceTests: RxTestCase {
    func testEmitsTheFinalValueOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 100),
            .next(210, 1),
            .next(220, 2),
            .next(230, 3),
            .completed(250),
        ])
        let res = scheduler.start { xs.reduce(10) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(250, 16), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testEmptySourceEmitsTheSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.reduce(42) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(250, 42), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testMapResultTransformsTheFinalValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.reduce(0, accumulator: { $0 + $1 }, mapResult: { "sum \($0)" }) }
        XCTAssertEqual(res.events, [.next(250, "sum 3"), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testForwardsSourceErrorWithoutAResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, ReduceFailure()), .completed(230)])
        let res = scheduler.start { xs.reduce(0) { $0 + $1 } }
        XCTAssertEqual(res.events, [.error(220, ReduceFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testNeverCompletingSourceEmitsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start { xs.reduce(0) { $0 + $1 } }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testThrowingAccumulatorErrorsAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        let res = scheduler.start {
            xs.reduce(0) { sum, value -> Int in
                if value == 2 { throw ReduceFailure() }
                return sum + value
            }
        }
        XCTAssertEqual(res.events, [.error(220, ReduceFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testThrowingMapResultErrorsOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let res = scheduler.start {
            xs.reduce(0, accumulator: { $0 + $1 }, mapResult: { _ -> String in throw ReduceFailure() })
        }
        XCTAssertEqual(res.events, [.error(250, ReduceFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDisposedBeforeCompletionEmitsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.reduce(0) { $0 + $1 } }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
