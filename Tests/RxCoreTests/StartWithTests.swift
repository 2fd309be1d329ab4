import RxCore
import RxCoreTesting
import XCTest

final class StartWithTests: RxTestCase {
    func testStartWithEmitsThePrefixOnSubscriptionThenTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.startWith(7, 8) }

        XCTAssertEqual(res.events, [.next(200, 7), .next(200, 8), .next(220, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testStartWithDeliversThePrefixBeforeSubscribingTheSource() {
        var log: [String] = []
        let source = Observable<Int>.create { observer in
            log.append("subscribed")
            observer.onNext(3)
            observer.onCompleted()
            return Disposables.create()
        }
        _ = source.startWith(1, 2).subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("completed") })
        XCTAssertEqual(log, ["1", "2", "subscribed", "3", "completed"])
    }

    func testStartWithForwardsTheSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .error(230, testError)])

        let res = scheduler.start { xs.startWith(1) }

        XCTAssertEqual(res.events, [.next(200, 1), .next(220, 2), .error(230, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testStartWithDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .next(260, 3), .completed(300)])

        let res = scheduler.start(disposed: 240) { xs.startWith(1) }

        XCTAssertEqual(res.events, [.next(200, 1), .next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testStartWithNothingIsTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 2), .completed(20)])

        let res = scheduler.start { xs.startWith() }

        XCTAssertEqual(res.events, [.next(210, 2), .completed(220)])
    }

    func testStartWithReleasesEverythingOnEveryTerminalPath() {
        _ = Observable.just(1).startWith(0).subscribe()
        _ = Observable<Int>.error(testError).startWith(0).subscribe()
    }
}
