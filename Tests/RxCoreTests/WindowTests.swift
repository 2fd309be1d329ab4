import RxCore
import RxCoreTesting
import XCTest

private struct WindowFailure: Error {}

final class WindowTests: RxTestCase {
    func testWindowsOpenOnSubscriptionWhenFullAndWhenTheTimeSpanEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = timeSpanCountSource(scheduler, end: .completed(480))
        let res = scheduler.start {
            xs.window(timeSpan: .seconds(50), count: 3, scheduler: scheduler).enumerated().map { $0.index }
        }
        XCTAssertEqual(
            res.events,
            [
                .next(200, 0),  // on subscription
                .next(225, 1),  // window 0 filled up
                .next(275, 2),  // window 1 timed out (timer restarted at 225)
                .next(325, 3),  // window 2 timed out empty
                .next(345, 4),  // window 3 filled up
                .next(395, 5),
                .next(445, 6),
                .completed(480),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 480)])
    }

    func testElementsGoToTheOpenWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = timeSpanCountSource(scheduler, end: .completed(480))
        let res = scheduler.start { flattenIndexed(xs.window(timeSpan: .seconds(50), count: 3, scheduler: scheduler)) }
        XCTAssertEqual(
            res.events,
            [
                .next(205, "0 1"),
                .next(215, "0 2"),
                .next(225, "0 3"),
                .next(260, "1 4"),
                .next(330, "3 5"),
                .next(335, "3 6"),
                .next(345, "3 7"),
                .next(350, "4 8"),
                .completed(480),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 480)])
    }

    func testErrorGoesToTheOpenWindowAndTheOuterSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = timeSpanCountSource(scheduler, end: .error(360, WindowFailure()))
        let openWindow = scheduler.createObserver(Int.self)
        let res = scheduler.start { () -> Observable<Int> in
            xs.window(timeSpan: .seconds(50), count: 3, scheduler: scheduler)
                .do(onNext: { window in _ = window.subscribe(openWindow) })
                .enumerated()
                .map { $0.index }
        }
        XCTAssertEqual(
            res.events,
            [
                .next(200, 0), .next(225, 1), .next(275, 2), .next(325, 3), .next(345, 4),
                .error(360, WindowFailure()),
            ]
        )
        // Every window completed except the last, which ends with the error.
        XCTAssertEqual(
            openWindow.events,
            [
                .next(205, 1), .next(215, 2), .next(225, 3), .completed(225),
                .next(260, 4), .completed(275),
                .completed(325),
                .next(330, 5), .next(335, 6), .next(345, 7), .completed(345),
                .next(350, 8), .error(360, WindowFailure()),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 360)])
    }

    func testDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = timeSpanCountSource(scheduler, end: .completed(480))
        let res = scheduler.start(disposed: 340) {
            flattenIndexed(xs.window(timeSpan: .seconds(50), count: 3, scheduler: scheduler))
        }
        XCTAssertEqual(
            res.events,
            [
                .next(205, "0 1"),
                .next(215, "0 2"),
                .next(225, "0 3"),
                .next(260, "1 4"),
                .next(330, "3 5"),
                .next(335, "3 6"),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 340)])
    }

    func testAnObservedWindowKeepsTheSourceAfterTheOuterSubscriptionIsDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(205, 1), .next(215, 2), .next(225, 3), .next(260, 4), .completed(400),
        ])
        let firstWindow = scheduler.createObserver(Int.self)
        var outerSubscription: Disposable?
        var windowSubscription: Disposable?

        scheduler.scheduleAt(200) {
            outerSubscription = xs.window(timeSpan: .seconds(50), count: 10, scheduler: scheduler)
                .subscribe(onNext: { window in
                    if windowSubscription == nil { windowSubscription = window.subscribe(firstWindow) }
                })
        }
        scheduler.scheduleAt(210) { outerSubscription?.dispose() }
        scheduler.scheduleAt(1000) { windowSubscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(firstWindow.events, [.next(205, 1), .next(215, 2), .next(225, 3), .completed(250)])
        // The source is released when the last observed window ends, not when the outer
        // subscription was disposed.
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testLateSubscriberToAClosedWindowOnlyGetsItsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(205, 1), .next(215, 2), .completed(400)])
        let late = scheduler.createObserver(Int.self)
        var firstWindow: Observable<Int>?
        var outerSubscription: Disposable?
        var lateSubscription: Disposable?

        scheduler.scheduleAt(200) {
            outerSubscription = xs.window(timeSpan: .seconds(100), count: 2, scheduler: scheduler)
                .subscribe(onNext: { window in
                    if firstWindow == nil { firstWindow = window }
                })
        }
        scheduler.scheduleAt(300) { lateSubscription = firstWindow?.subscribe(late) }
        scheduler.scheduleAt(1000) {
            outerSubscription?.dispose()
            lateSubscription?.dispose()
        }
        scheduler.start()

        XCTAssertEqual(late.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    @available(*, deprecated)
    func testDeprecatedTimeIntervalOverload() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let res = scheduler.start { flattenIndexed(xs.window(timeSpan: 50, count: 10, scheduler: scheduler)) }
        XCTAssertEqual(res.events, [.next(210, "0 1"), .next(260, "1 2"), .completed(300)])
    }

    func testReleasesEverythingWhenTheSourceCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.just(1).window(timeSpan: .seconds(0), count: 10, scheduler: scheduler).enumerated().map {
                $0.index
            }
        }
        XCTAssertEqual(res.events, [.next(200, 0), .completed(200)])
    }

    func testComposesWithEnumeratedAndMerge() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = timeSpanCountSource(scheduler, end: .completed(480))
        let res = scheduler.start { () -> Observable<String> in
            xs.window(timeSpan: .seconds(50), count: 3, scheduler: scheduler)
                .enumerated()
                .map { index, window in window.map { "\(index) \($0)" } }
                .merge()
        }
        XCTAssertEqual(
            res.events,
            [
                .next(205, "0 1"), .next(215, "0 2"), .next(225, "0 3"), .next(260, "1 4"),
                .next(330, "3 5"), .next(335, "3 6"), .next(345, "3 7"), .next(350, "4 8"),
                .completed(480),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 480)])
    }

    func testMergedWindowsDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = timeSpanCountSource(scheduler, end: .completed(480))
        let res = scheduler.start(disposed: 332) { () -> Observable<String> in
            xs.window(timeSpan: .seconds(50), count: 3, scheduler: scheduler)
                .enumerated()
                .map { index, window in window.map { "\(index) \($0)" } }
                .merge()
        }
        XCTAssertEqual(
            res.events,
            [.next(205, "0 1"), .next(215, "0 2"), .next(225, "0 3"), .next(260, "1 4"), .next(330, "3 5")]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 332)])
    }
}
