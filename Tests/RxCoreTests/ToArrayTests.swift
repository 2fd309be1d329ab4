import RxCore
import RxCoreTesting
import XCTest

private struct ToArrayFailure: Error {}

final class ToArrayTests: RxTestCase {
    func testEmitsAllElementsOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0),
            .next(210, 1),
            .next(220, 2),
            .next(230, 3),
            .completed(250),
        ])
        let res = scheduler.start { xs.toArray().asObservable() }
        XCTAssertEqual(res.events, [.next(250, [1, 2, 3]), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testEmptySourceSucceedsWithAnEmptyArray() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])
        let res = scheduler.start { xs.toArray().asObservable() }
        XCTAssertEqual(res.events, [.next(250, []), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testErrorDropsTheCollectedElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, ToArrayFailure())])
        let res = scheduler.start { xs.toArray().asObservable() }
        XCTAssertEqual(res.events, [.error(220, ToArrayFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposedBeforeCompletionEmitsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.toArray().asObservable() }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSingleSubscriberGetsSuccess() {
        var results = [[String]]()
        _ = Observable.from(["a", "b"]).toArray().subscribe(onSuccess: { results.append($0) })
        XCTAssertEqual(results, [["a", "b"]])
    }
}
