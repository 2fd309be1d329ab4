import RxCore
import RxCoreTesting
import XCTest

private struct BufferFailure: Error {}

final class BufferTests: RxTestCase {
    func testSendsWhenFullOrWhenTheTimeSpanEndsWhicheverIsFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = timeSpanCountSource(scheduler, end: .completed(480))
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 3, scheduler: scheduler) }
        XCTAssertEqual(
            res.events,
            [
                .next(225, [1, 2, 3]),  // full before the first timer (due at 250)
                .next(275, [4]),  // the timer restarted at 225
                .next(325, []),  // a timer that finds nothing sends an empty buffer
                .next(345, [5, 6, 7]),  // full again, timer restarts
                .next(395, [8]),
                .next(445, []),
                .next(480, []),  // completion sends the last, empty, buffer
                .completed(480),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 480)])
    }

    func testCompletionSendsThePartialBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(100), count: 5, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(230, [1, 2]), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testErrorDropsThePartialBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = timeSpanCountSource(scheduler, end: .error(360, BufferFailure()))
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 3, scheduler: scheduler) }
        XCTAssertEqual(
            res.events,
            [
                .next(225, [1, 2, 3]),
                .next(275, [4]),
                .next(325, []),
                .next(345, [5, 6, 7]),
                .error(360, BufferFailure()),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 360)])
    }

    func testDisposedInTheMiddleStopsTimersAndSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = timeSpanCountSource(scheduler, end: .completed(480))
        let res = scheduler.start(disposed: 340) { xs.buffer(timeSpan: .seconds(50), count: 3, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(225, [1, 2, 3]), .next(275, [4]), .next(325, [])])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 340)])
    }

    func testTimeOnlyBuffering() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = timeSpanCountSource(scheduler, end: .completed(400))
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(100), count: .max, scheduler: scheduler) }
        XCTAssertEqual(
            res.events,
            [
                .next(300, [1, 2, 3, 4]),
                // The completion at 400 was scheduled before the timer due at 400, so it wins the
                // tie and carries the second buffer.
                .next(400, [5, 6, 7, 8]),
                .completed(400),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    @available(*, deprecated)
    func testDeprecatedTimeIntervalOverload() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.buffer(timeSpan: 50, count: 10, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(250, [1, 2]), .next(300, []), .completed(300)])
    }
}
