import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error, Equatable {}

final class PrimitiveSequenceOperatorTests: RxTestCase {
    // MARK: time

    func testDelayShiftsSuccessAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single.just(1).delay(.seconds(10), scheduler: scheduler).asObservable() }
        // RxSwift's delay forwards one queued event per scheduled run; the completion, due at
        // the same time, gets the next virtual tick.
        XCTAssertEqual(res.events, [.next(210, 1), .completed(211)])
    }

    func testDelayDoesNotDelayError() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Maybe<Int>.error(TestError()).delay(.seconds(10), scheduler: scheduler).asObservable()
        }
        XCTAssertEqual(res.events, [.error(200, TestError())])
    }

    func testDelaySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let res = scheduler.start { xs.asSingle().delaySubscription(.seconds(15), scheduler: scheduler).asObservable() }
        XCTAssertEqual(res.events, [.next(225, 1), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(215, 225)])
    }

    func testTimeoutFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(250, 1), .completed(250)])
        let res = scheduler.start { xs.asSingle().timeout(.seconds(20), scheduler: scheduler).asObservable() }
        XCTAssertEqual(res.events, [.error(220, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTimeoutBeforeDueTimeIsTransparent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
        let res = scheduler.start { xs.asSingle().timeout(.seconds(20), scheduler: scheduler).asObservable() }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(210)])
    }

    func testTimeoutSwitchesToOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(250, 1), .completed(250)])
        let other = scheduler.createColdObservable([.next(5, 7), .completed(5)])
        let res = scheduler.start {
            xs.asMaybe().timeout(.seconds(20), other: other.asMaybe(), scheduler: scheduler).asObservable()
        }
        XCTAssertEqual(res.events, [.next(225, 7), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(other.subscriptions, [Subscription(220, 225)])
    }

    // MARK: errors

    func testCatchSwitchesToHandlerSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(210, TestError())])
        let res = scheduler.start { xs.asSingle().catch { _ in .just(2) }.asObservable() }
        XCTAssertEqual(res.events, [.next(210, 2), .completed(210)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testCatchAndReturn() {
        XCTAssertEqual(
            recordedEvents { _ in Single<Int>.error(TestError()).catchAndReturn(3).asObservable() },
            [.next(200, 3), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Maybe<Int>.error(TestError()).catchAndReturn(4).asObservable() },
            [.next(200, 4), .completed(200)]
        )
    }

    func testRetryResubscribesUpToTheAttemptCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Int>>.error(10, TestError())])
        let res = scheduler.start { xs.asSingle().retry(3).asObservable() }
        XCTAssertEqual(res.events, [.error(230, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
    }

    func testRetryWhenResubscribesOnTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Never>>.error(10, TestError())])
        var attempts = 0
        let res = scheduler.start {
            xs.asCompletable().retry(when: { (errors: Observable<Swift.Error>) in
                errors.flatMap { error -> Observable<Int> in
                    attempts += 1
                    return attempts < 3 ? .just(attempts) : .error(error)
                }
            }).asObservable()
        }
        XCTAssertEqual(res.events, [.error(230, TestError(), Never.self)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
    }

    // MARK: Single

    func testSingleFlatMapFamily() {
        XCTAssertEqual(
            recordedEvents { _ in Single.just(1).flatMap { Single.just($0 + 1) }.asObservable() },
            [.next(200, 2), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Single.just(1).flatMapMaybe { _ in Maybe<Int>.empty() }.asObservable() },
            [.completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Single.just(1).flatMapCompletable { _ in Completable.empty() }.asObservable() },
            [.completed(200, Never.self)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Single.just(1).flatMap { _ -> Single<Int> in throw TestError() }.asObservable() },
            [.error(200, TestError())]
        )
    }

    func testSingleFlatMapWaitsForInnerSingle() {
        let scheduler = TestScheduler(initialClock: 0)
        let outer = scheduler.createHotObservable([.next(210, 1), .completed(210)])
        let inner = scheduler.createColdObservable([.next(20, 5), .completed(20)])
        let res = scheduler.start { outer.asSingle().flatMap { _ in inner.asSingle() }.asObservable() }
        XCTAssertEqual(res.events, [.next(230, 5), .completed(230)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230)])
    }

    func testSingleCompactMap() {
        XCTAssertEqual(
            recordedEvents { _ in Single.just("1").compactMap { Int($0) }.asObservable() },
            [.next(200, 1), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Single.just("x").compactMap { Int($0) }.asObservable() },
            [.completed(200)]
        )
    }

    func testSingleAsCompletable() {
        XCTAssertEqual(
            recordedEvents { _ in Single.just(1).asCompletable().asObservable() },
            [.completed(200, Never.self)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Single<Int>.error(TestError()).asCompletable().asObservable() },
            [.error(200, TestError(), Never.self)]
        )
    }

    // MARK: Maybe

    func testMaybeFlatMapAndCompactMap() {
        XCTAssertEqual(
            recordedEvents { _ in Maybe.just(1).flatMap { Maybe.just($0 * 3) }.asObservable() },
            [.next(200, 3), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Maybe<Int>.empty().flatMap { Maybe.just($0 * 3) }.asObservable() },
            [.completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Maybe.just("7").compactMap { Int($0) }.asObservable() },
            [.next(200, 7), .completed(200)]
        )
    }

    func testMaybeIfEmpty() {
        XCTAssertEqual(
            recordedEvents { _ in Maybe<Int>.empty().ifEmpty(default: 9).asObservable() },
            [.next(200, 9), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Maybe.just(1).ifEmpty(default: 9).asObservable() },
            [.next(200, 1), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Maybe<Int>.empty().ifEmpty(switchTo: Maybe<Int>.empty()).asObservable() },
            [.completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Maybe<Int>.empty().ifEmpty(switchTo: Single.just(5)).asObservable() },
            [.next(200, 5), .completed(200)]
        )
    }

    func testMaybeIfEmptySwitchToSubscribesOtherOnlyWhenEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(220)])
        let other = scheduler.createColdObservable([.next(10, 4), .completed(10)])
        let res = scheduler.start { xs.asMaybe().ifEmpty(switchTo: other.asSingle()).asObservable() }
        XCTAssertEqual(res.events, [.next(230, 4), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(other.subscriptions, [Subscription(220, 230)])
    }

    // MARK: Completable

    func testCompletableConcatRunsOneAfterTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let b = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])
        let res = scheduler.start { a.asCompletable().concat(b.asCompletable()).asObservable() }
        XCTAssertEqual(res.events, [.completed(230, Never.self)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(b.subscriptions, [Subscription(210, 230)])
    }

    func testCompletableConcatForms() {
        let ok = Completable.empty()
        XCTAssertEqual(
            recordedEvents { _ in Completable.concat(ok, ok, ok).asObservable() },
            [.completed(200, Never.self)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Completable.concat([ok, .error(TestError()), ok]).asObservable() },
            [.error(200, TestError(), Never.self)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Completable.concat(AnySequence([ok, ok])).asObservable() },
            [.completed(200, Never.self)]
        )
    }

    func testCompletableZipRunsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let b = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])
        let res = scheduler.start { Completable.zip(a.asCompletable(), b.asCompletable()).asObservable() }
        XCTAssertEqual(res.events, [.completed(220, Never.self)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 220)])
    }

    func testCompletableZipErrorDisposesTheOthers() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([Recorded<Event<Never>>.error(10, TestError())])
        let b = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])
        let res = scheduler.start { Completable.zip([a.asCompletable(), b.asCompletable()]).asObservable() }
        XCTAssertEqual(res.events, [.error(210, TestError(), Never.self)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 210)])
    }

    func testCompletableZipAndConcatOfNothingCompleteAtOnce() {
        XCTAssertEqual(
            recordedEvents { _ in Completable.zip([Completable]()).asObservable() },
            [.completed(200, Never.self)]
        )
        XCTAssertEqual(recordedEvents { _ in Completable.zip().asObservable() }, [.completed(200, Never.self)])
        XCTAssertEqual(
            recordedEvents { _ in Completable.concat([Completable]()).asObservable() },
            [.completed(200, Never.self)]
        )
    }
}
