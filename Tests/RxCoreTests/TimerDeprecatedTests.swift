import RxCore
import RxCoreTesting
import XCTest

/// The deprecated `TimeInterval` spellings of `interval` and `timer` behave like the
/// `DispatchTimeInterval` ones.
final class TimerDeprecatedTests: RxTestCase {
    @available(*, deprecated)
    func testIntervalWithTimeInterval() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 335) { Observable<Int>.interval(40, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(240, 0), .next(280, 1), .next(320, 2)])
    }

    @available(*, deprecated)
    func testOneShotTimerWithTimeInterval() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.timer(25, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(225, 0), .completed(225)])
    }

    @available(*, deprecated)
    func testPeriodicTimerWithTimeInterval() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 300) { Observable<Int>.timer(10, period: 30, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 0), .next(240, 1), .next(270, 2)])
    }
}
