import RxCore
import RxCoreTesting
import XCTest

final class WithLatestFromTests: RxTestCase {
    func testWithLatestFromCombinesEachElementWithTheLatestOfTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(205, 0), .next(210, 1), .next(230, 2), .next(235, 3), .next(250, 4), .completed(300),
        ])
        let ys = scheduler.createHotObservable([.next(150, "z"), .next(220, "a"), .next(240, "b"), .completed(260)])

        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(230, "2a"), .next(235, "3a"), .next(250, "4b"), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
    }

    func testWithLatestFromWithoutSelectorEmitsTheSecondsElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(270)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b")])

        let res = scheduler.start { xs.withLatestFrom(ys) }

        XCTAssertEqual(res.events, [.next(230, "a"), .next(250, "b"), .completed(270)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 270)])
    }

    func testWithLatestFromSubscribesTheSecondSequenceFirst() {
        var order: [String] = []
        let first = Observable<Int>.create { observer in
            order.append("first")
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        let second = Observable<String>.create { observer in
            order.append("second")
            observer.onNext("a")
            return Disposables.create()
        }
        var elements: [String] = []
        _ = first.withLatestFrom(second).subscribe(onNext: { elements.append($0) })
        XCTAssertEqual(order, ["second", "first"])
        XCTAssertEqual(elements, ["a"])
    }

    func testWithLatestFromErrorOfTheSecondEndsTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .error(240, testError)])

        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(230, "2a"), .error(240, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testWithLatestFromErrorOfTheFirstEndsTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 2), .error(240, testError)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .completed(300)])

        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(230, "2a"), .error(240, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testWithLatestFromThrowingSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 2), .next(240, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .completed(300)])

        let res = scheduler.start {
            xs.withLatestFrom(ys) { value, latest -> String in
                if value == 3 { throw testError }
                return "\(value)\(latest)"
            }
        }

        XCTAssertEqual(res.events, [.next(230, "2a"), .error(240, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testWithLatestFromDropsEverythingWhileTheSecondIsSilent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        let ys = scheduler.createHotObservable([.completed(220, String.self)])

        let res = scheduler.start { xs.withLatestFrom(ys) }

        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testWithLatestFromDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 2), .next(260, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .completed(400)])

        let res = scheduler.start(disposed: 250) { xs.withLatestFrom(ys) }

        XCTAssertEqual(res.events, [.next(230, "a")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testWithLatestFromReleasesEverythingOnEveryTerminalPath() {
        _ = Observable.just(1).withLatestFrom(Observable.just(2)).subscribe()
        _ = Observable.just(1).withLatestFrom(Observable<Int>.error(testError)).subscribe()
        _ = Observable<Int>.error(testError).withLatestFrom(Observable.just(2)) { $0 + $1 }.subscribe()
    }
}
