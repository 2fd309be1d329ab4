import RxCore
import RxCoreTesting
import XCTest

private struct WithUnretainedFailure: Error {}

private final class Owner {
    let name: String
    init(name: String) { self.name = name }
}

final class WithUnretainedTests: RxTestCase {
    func testPairsElementsWithTheLiveObject() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "owner")
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.withUnretained(owner).map { "\($0.0.name) \($0.1)" } }
        XCTAssertEqual(res.events, [.next(210, "owner 1"), .next(220, "owner 2"), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testResultSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "o")
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let res = scheduler.start { xs.withUnretained(owner) { object, value in object.name + String(value) } }
        XCTAssertEqual(res.events, [.next(210, "o1"), .completed(230)])
    }

    func testCompletesAtTheFirstElementAfterTheObjectIsGone() {
        let scheduler = TestScheduler(initialClock: 0)
        var owner: Owner? = Owner(name: "owner")
        weak let weakOwner = owner
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(240, 3), .next(250, 4), .completed(300),
        ])
        scheduler.scheduleAt(230) { owner = nil }
        let res = scheduler.start { xs.withUnretained(owner!).map { $0.1 } }
        XCTAssertNil(weakOwner, "withUnretained must not keep the object alive")
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testForwardsSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "owner")
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, WithUnretainedFailure())])
        let res = scheduler.start { xs.withUnretained(owner).map { $0.1 } }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, WithUnretainedFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testErrorStillForwardedAfterTheObjectIsGone() {
        let scheduler = TestScheduler(initialClock: 0)
        var owner: Owner? = Owner(name: "owner")
        let xs = scheduler.createHotObservable([.next(210, 1), .error(240, WithUnretainedFailure())])
        scheduler.scheduleAt(230) { owner = nil }
        let res = scheduler.start { xs.withUnretained(owner!).map { $0.1 } }
        XCTAssertEqual(res.events, [.next(210, 1), .error(240, WithUnretainedFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "owner")
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let res = scheduler.start(disposed: 220) { xs.withUnretained(owner).map { $0.1 } }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}
