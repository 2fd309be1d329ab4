import RxCore
import RxCoreTesting
import XCTest

private struct ScanFailure: Error {}

final class ScanTests: RxTestCase {
    func testSeedEmitsEveryIntermediateResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 100),
            .next(210, 1),
            .next(220, 2),
            .next(230, 3),
            .completed(250),
        ])
        let res = scheduler.start { xs.scan(10) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(210, 11), .next(220, 13), .next(230, 16), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testIntoMutatesTheSeedInPlace() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, "a"),
            .next(220, "b"),
            .next(230, "c"),
            .completed(240),
        ])
        let res = scheduler.start { xs.scan(into: [String]()) { $0.append($1) } }
        XCTAssertEqual(
            res.events,
            [.next(210, ["a"]), .next(220, ["a", "b"]), .next(230, ["a", "b", "c"]), .completed(240)]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testEmptySourceOnlyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.scan(0) { $0 + $1 } }
        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testForwardsSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, ScanFailure()), .next(230, 3)])
        let res = scheduler.start { xs.scan(0) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, ScanFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testThrowingAccumulatorErrorsAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start {
            xs.scan(0) { sum, value -> Int in
                if value == 2 { throw ScanFailure() }
                return sum + value
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, ScanFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testThrowingIntoAccumulatorErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start {
            xs.scan(into: 0) { sum, value in
                if value == 2 { throw ScanFailure() }
                sum += value
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, ScanFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start(disposed: 225) { xs.scan(0) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testEachSubscriptionStartsFromTheSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let scanned = xs.scan(into: 100) { $0 += $1 }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = scanned.subscribe(first) }
        scheduler.scheduleAt(300) { _ = scanned.subscribe(second) }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 101), .next(220, 103), .completed(230)])
        XCTAssertEqual(second.events, [.next(310, 101), .next(320, 103), .completed(330)])
    }
}
