import RxCore
import RxCoreTesting
import XCTest

final class FlatMapTests: RxTestCase {
    // MARK: flatMap

    func testFlatMapCompletesAfterOuterAndEveryInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .next(20, 11), .completed(30)])
        let ys2 = scheduler.createColdObservable([.next(5, 20), .completed(40)])
        let inners = [1: ys1, 2: ys2]
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.flatMap { inners[$0]! } }

        XCTAssertEqual(res.events, [.next(220, 10), .next(225, 20), .next(230, 11), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(220, 260)])
    }

    func testFlatMapSubscribesTheSameInnerOncePerElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 7), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(250)])

        let res = scheduler.start { xs.flatMap { _ in ys } }

        XCTAssertEqual(res.events, [.next(220, 7), .next(225, 7), .completed(250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(210, 230), Subscription(215, 235)])
    }

    func testFlatMapThrowingSelectorErrorsAndDisposesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(5, 10), .next(50, 11), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start {
            xs.flatMap { value -> TestableObservable<Int> in
                if value == 2 { throw testError }
                return ys1
            }
        }

        XCTAssertEqual(res.events, [.next(215, 10), .error(220, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 220)])
    }

    func testFlatMapInnerErrorDisposesOuterAndOtherInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(100, 10)])
        let ys2 = scheduler.createColdObservable([.error(15, testError, Int.self)])
        let inners = [1: ys1, 2: ys2]
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(500)])

        let res = scheduler.start { xs.flatMap { inners[$0]! } }

        XCTAssertEqual(res.events, [.error(235, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 235)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(220, 235)])
    }

    func testFlatMapOuterErrorDisposesInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(5, 10), .next(50, 11), .completed(60)])
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])

        let res = scheduler.start { xs.flatMap { _ in ys1 } }

        XCTAssertEqual(res.events, [.next(215, 10), .error(230, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 230)])
    }

    func testFlatMapDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(5, 10), .next(50, 11), .completed(60)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(300)])

        let res = scheduler.start(disposed: 240) { xs.flatMap { _ in ys1 } }

        XCTAssertEqual(res.events, [.next(215, 10)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 240)])
    }

    func testFlatMapOfSynchronousInnersCompletesAfterTheLastOne() {
        // Every inner sequence completes while it is being subscribed, inside the outer's
        // delivery: completion must still wait for the outer to complete.
        var received: [Int] = []
        var completions = 0
        _ = Observable.of(1, 2, 3)
            .flatMap { Observable.of($0 * 10, $0 * 10 + 1) }
            .subscribe(onNext: { received.append($0) }, onCompleted: { completions += 1 })
        XCTAssertEqual(received.sorted(), [10, 11, 20, 21, 30, 31])
        XCTAssertEqual(completions, 1)
    }

    // MARK: flatMapFirst

    func testFlatMapFirstIgnoresElementsWhileAnInnerIsRunning() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .completed(30)])
        let ys2 = scheduler.createColdObservable([.next(1, 20), .completed(2)])
        let ys3 = scheduler.createColdObservable([.next(5, 30), .completed(20)])
        let inners = [1: ys1, 2: ys2, 3: ys3]
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(250, 3), .completed(260)])
        var selected: [Int] = []

        let res = scheduler.start {
            xs.flatMapFirst { value -> TestableObservable<Int> in
                selected.append(value)
                return inners[value]!
            }
        }

        XCTAssertEqual(res.events, [.next(220, 10), .next(255, 30), .completed(270)])
        XCTAssertEqual(selected, [1, 3])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(ys2.subscriptions, [])
        XCTAssertEqual(ys3.subscriptions, [Subscription(250, 270)])
    }

    func testFlatMapFirstInnerError() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .error(20, testError)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])

        let res = scheduler.start { xs.flatMapFirst { _ in ys1 } }

        XCTAssertEqual(res.events, [.next(220, 10), .error(230, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 230)])
    }

    // MARK: concatMap

    func testConcatMapRunsProjectedSequencesOneAfterAnother() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .completed(30)])
        let ys2 = scheduler.createColdObservable([.next(5, 20), .completed(10)])
        let inners = [1: ys1, 2: ys2]
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        var selectedAt: [Int] = []

        let res = scheduler.start {
            xs.concatMap { value -> TestableObservable<Int> in
                selectedAt.append(scheduler.clock)
                return inners[value]!
            }
        }

        XCTAssertEqual(res.events, [.next(220, 10), .next(245, 20), .completed(250)])
        // The selector runs when the element arrives, not when its sequence gets its turn.
        XCTAssertEqual(selectedAt, [210, 220])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(240, 250)])
    }

    func testConcatMapThrowingSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .completed(30)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start {
            xs.concatMap { value -> TestableObservable<Int> in
                if value == 2 { throw testError }
                return ys1
            }
        }

        // At 220 the outer element (scheduled first) fails before the inner's element arrives.
        XCTAssertEqual(res.events, [.error(220, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 220)])
    }
}
