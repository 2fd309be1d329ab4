import RxCore
import RxCoreTesting
import XCTest

final class AmbTests: RxTestCase {
    func testAmbLeftReactsFirstAndTheRightIsDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(230, 3), .completed(250)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(300)])

        let res = scheduler.start { xs.amb(ys) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 210)])
    }

    func testAmbRightReactsFirstAndTheLeftIsDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(250)])

        let res = scheduler.start { xs.amb(ys) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testAmbATerminalEventWinsToo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(210, testError, Int.self)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(300)])

        let res = scheduler.start { xs.amb(ys) }

        XCTAssertEqual(res.events, [.error(210, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 210)])
    }

    func testAmbCompletionWinsWithoutElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.completed(220, Int.self)])

        let res = scheduler.start { xs.amb(ys) }

        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testAmbOfTwoSilentSequencesStaysSilentUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let ys = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { xs.amb(ys) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 1000)])
    }

    func testStaticAmbPicksTheFirstToReactAmongMany() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createColdObservable([.next(40, 1), .completed(50)])
        let x2 = scheduler.createColdObservable([.next(20, 2), .next(30, 22), .completed(60)])
        let x3 = scheduler.createColdObservable([.next(30, 3), .completed(40)])

        let res = scheduler.start { Observable.amb([x1.asObservable(), x2.asObservable(), x3.asObservable()]) }

        XCTAssertEqual(res.events, [.next(220, 2), .next(230, 22), .completed(260)])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(x3.subscriptions, [Subscription(200, 220)])
    }

    func testStaticAmbOfNothingNeverReacts() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.amb([]) }
        XCTAssertEqual(res.events, [])
    }

    func testAmbDisposedBeforeEitherReacted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(300, 1)])
        let ys = scheduler.createHotObservable([.next(310, 2)])

        let res = scheduler.start(disposed: 250) { xs.amb(ys) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testAmbWithASynchronousWinner() {
        var elements: [Int] = []
        var completed = false
        let subject = PublishSubject<Int>()
        _ = Observable.just(1).amb(subject).subscribe(
            onNext: { elements.append($0) },
            onCompleted: { completed = true }
        )
        subject.onNext(2)
        XCTAssertEqual(elements, [1])
        XCTAssertTrue(completed)
        XCTAssertFalse(subject.hasObservers)
    }

    func testAmbReleasesEverythingOnEveryTerminalPath() {
        _ = Observable.just(1).amb(Observable.just(2)).subscribe()
        _ = Observable<Int>.never().amb(Observable<Int>.error(testError)).subscribe()
        _ = Observable.amb([Observable<Int>.never(), Observable.just(1), Observable.never()]).subscribe()
    }
}
