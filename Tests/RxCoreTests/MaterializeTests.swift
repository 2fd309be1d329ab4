import RxCore
import RxCoreTesting
import XCTest

private struct MaterializeFailure: Error {}

final class MaterializeTests: RxTestCase {
    func testMaterializeTurnsCompletionIntoAnElementThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.materialize() }
        XCTAssertEqual(
            res.events,
            [
                .next(210, Event.next(1)),
                .next(220, Event.next(2)),
                .next(250, Event.completed),
                .completed(250),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testMaterializeTurnsErrorIntoAnElementThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, MaterializeFailure()), .next(240, 3)])
        let res = scheduler.start { xs.materialize() }
        XCTAssertEqual(
            res.events,
            [
                .next(210, Event.next(1)),
                .next(230, Event.error(MaterializeFailure())),
                .completed(230),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testMaterializeNeverEndingSourceKeepsGoing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start(disposed: 400) { xs.materialize() }
        XCTAssertEqual(res.events, [.next(210, Event.next(1))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testDematerializeReplaysTheDescribedEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, Event.next(0)),
            .next(210, Event.next(1)),
            .next(220, Event.next(2)),
            .next(230, Event<Int>.completed),
            .next(240, Event.next(4)),
            .completed(300),
        ])
        let res = scheduler.start { xs.dematerialize() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDematerializeErrorElementEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event.next(1)),
            .next(220, Event<Int>.error(MaterializeFailure())),
            .next(230, Event.next(3)),
        ])
        let res = scheduler.start { xs.dematerialize() }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, MaterializeFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDematerializeForwardsSourceCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .completed(220)])
        let res = scheduler.start { xs.dematerialize() }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDematerializeForwardsSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .error(230, MaterializeFailure())])
        let res = scheduler.start { xs.dematerialize() }
        XCTAssertEqual(res.events, [.next(210, 1), .error(230, MaterializeFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testMaterializeThenDematerializeIsIdentity() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, MaterializeFailure())])
        let res = scheduler.start { xs.materialize().dematerialize() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .error(230, MaterializeFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDematerializeDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event.next(1)), .next(230, Event.next(2)), .next(240, Event<Int>.completed),
        ])
        let res = scheduler.start(disposed: 220) { xs.dematerialize() }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}
