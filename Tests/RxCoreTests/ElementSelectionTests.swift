import Foundation
import RxCore
import RxCoreTesting
import XCTest

private let selectionError = NSError(domain: "ElementSelectionTests", code: 1)

/// element(at:), single, ignoreElements and the two ifEmpty operators.
final class ElementSelectionTests: RxTestCase {
    private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 0),
            .next(210, 1), .next(220, 2), .next(230, 3),
            .completed(250),
        ])
    }

    // MARK: element(at:)

    func testElementAtEmitsThatElementAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.element(at: 1) }
        XCTAssertEqual(res.events, [.next(220, 2), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testElementAtPastTheEndFailsWithArgumentOutOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.element(at: 3) }
        XCTAssertEqual(res.events, [.error(250, RxError.argumentOutOfRange)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testElementAtErrorAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, selectionError)])
        let res = scheduler.start { xs.element(at: 2) }
        XCTAssertEqual(res.events, [.error(220, selectionError)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = source(scheduler2)
        let disposed = scheduler2.start(disposed: 225) { ys.element(at: 2) }
        XCTAssertEqual(disposed.events, [])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 225)])
    }

    @available(*, deprecated)
    func testElementAtDeprecatedAlias() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.elementAt(0) }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(210)])
    }

    // MARK: single

    func testSingleWithOneElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(250)])
        let res = scheduler.start { xs.single() }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSingleWithTwoElementsForwardsTheFirstThenFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.single() }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSingleEmptyFailsWithNoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(250)])
        let res = scheduler.start { xs.single() }
        XCTAssertEqual(res.events, [.error(250, RxError.noElements)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSinglePredicateCountsOnlyMatches() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.single { $0 == 2 } }
        XCTAssertEqual(res.events, [.next(220, 2), .completed(250)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = source(scheduler2)
        let twice = scheduler2.start { ys.single { $0 % 2 == 1 } }
        XCTAssertEqual(twice.events, [.next(210, 1), .error(230, RxError.moreThanOneElement)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = source(scheduler3)
        let none = scheduler3.start { zs.single { $0 > 10 } }
        XCTAssertEqual(none.events, [.error(250, RxError.noElements)])
    }

    func testSinglePredicateThrowsAndSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.single { _ in throw selectionError } }
        XCTAssertEqual(res.events, [.error(210, selectionError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .error(220, selectionError)])
        let failed = scheduler2.start { ys.single() }
        XCTAssertEqual(failed.events, [.next(210, 1), .error(220, selectionError)])
    }

    // MARK: ignoreElements

    func testIgnoreElementsKeepsOnlyTheTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.ignoreElements() }
        XCTAssertEqual(res.events, [Recorded.completed(250, Never.self)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .error(220, selectionError)])
        let failed = scheduler2.start { ys.ignoreElements() }
        XCTAssertEqual(failed.events, [Recorded.error(220, selectionError, Never.self)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = source(scheduler3)
        let disposed = scheduler3.start(disposed: 225) { zs.ignoreElements() }
        XCTAssertEqual(disposed.events, [])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 225)])
    }

    // MARK: ifEmpty(default:)

    func testIfEmptyDefaultOnEmptySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(250, Int.self)])
        let res = scheduler.start { xs.ifEmpty(default: 42) }
        XCTAssertEqual(res.events, [.next(250, 42), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testIfEmptyDefaultOnNonEmptySourceAndError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let res = scheduler.start { xs.ifEmpty(default: 42) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.error(220, selectionError, Int.self)])
        let failed = scheduler2.start { ys.ifEmpty(default: 42) }
        XCTAssertEqual(failed.events, [.error(220, selectionError)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    // MARK: ifEmpty(switchTo:)

    func testIfEmptySwitchToSubscribesTheFallbackOnEmptyCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(210, Int.self)])
        let fallback = scheduler.createColdObservable([.next(10, 7), .next(20, 8), .completed(30)])
        let res = scheduler.start { xs.ifEmpty(switchTo: fallback.asObservable()) }
        XCTAssertEqual(res.events, [.next(220, 7), .next(230, 8), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(210, 240)])
    }

    func testIfEmptySwitchToIgnoresFallbackWhenSourceHasElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let fallback = scheduler.createColdObservable([.next(10, 7), .completed(30)])
        let res = scheduler.start { xs.ifEmpty(switchTo: fallback.asObservable()) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        XCTAssertEqual(fallback.subscriptions, [])
    }

    func testIfEmptySwitchToFallbackErrorAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(210, Int.self)])
        let fallback = scheduler.createColdObservable([.next(10, 7), .error(20, selectionError)])
        let res = scheduler.start { xs.ifEmpty(switchTo: fallback.asObservable()) }
        XCTAssertEqual(res.events, [.next(220, 7), .error(230, selectionError)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(210, 230)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.completed(210, Int.self)])
        let endless = scheduler2.createColdObservable([.next(10, 7), .next(100, 8)])
        let disposed = scheduler2.start(disposed: 250) { ys.ifEmpty(switchTo: endless.asObservable()) }
        XCTAssertEqual(disposed.events, [.next(220, 7)])
        XCTAssertEqual(endless.subscriptions, [Subscription(210, 250)])
    }
}
