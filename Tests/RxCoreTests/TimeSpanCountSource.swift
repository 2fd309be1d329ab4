import RxCore
import RxCoreTesting

/// The hot source that `buffer(timeSpan:count:scheduler:)` and `window(timeSpan:count:scheduler:)`
/// are cut from in BufferTests and WindowTests: 0 before the subscription at 200, then 1 to 8
/// between 205 and 350 (three within the first 50 ticks, fills and timeouts after), then `end`.
func timeSpanCountSource(_ scheduler: TestScheduler, end: Recorded<Event<Int>>) -> TestableObservable<Int> {
    scheduler.createHotObservable([
        .next(150, 0),
        .next(205, 1),
        .next(215, 2),
        .next(225, 3),
        .next(260, 4),
        .next(330, 5),
        .next(335, 6),
        .next(345, 7),
        .next(350, 8),
        end,
    ])
}
