import Foundation
import RxCore
import RxCoreTesting
import XCTest

private let catchError1 = NSError(domain: "CatchRetryTests", code: 1)
private let catchError2 = NSError(domain: "CatchRetryTests", code: 2)

private struct RetryableError: Error {}

final class CatchRetryTests: RxTestCase {
    // MARK: catch

    func testCatchContinuesWithTheHandlerSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .error(230, catchError1)])
        let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        var caught: [Error] = []
        let res = scheduler.start {
            xs.catch { error in
                caught.append(error)
                return ys.asObservable()
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(caught.count, 1)
    }

    func testCatchWithoutErrorNeverCallsTheHandler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = scheduler.start { xs.catch { _ in ys.asObservable() } }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(230)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testCatchThrowingHandlerAndFailingContinuation() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, catchError1)])
        let res = scheduler.start { xs.catch { _ in throw catchError2 } }
        XCTAssertEqual(res.events, [.next(210, 1), .error(230, catchError2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ws = scheduler2.createHotObservable([.error(230, catchError1, Int.self)])
        let failing = scheduler2.createColdObservable([.next(10, 3), .error(20, catchError2)])
        let failed = scheduler2.start { ws.catch { _ in failing.asObservable() } }
        XCTAssertEqual(failed.events, [.next(240, 3), .error(250, catchError2)])
        XCTAssertEqual(failing.subscriptions, [Subscription(230, 250)])
    }

    func testCatchDisposeWhileInTheContinuation() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, catchError1)])
        let ys = scheduler.createColdObservable([.next(10, 3), .next(100, 4)])
        let res = scheduler.start(disposed: 300) { xs.catch { _ in ys.asObservable() } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 3)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 300)])
    }

    func testCatchAndReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, catchError1)])
        let res = scheduler.start { xs.catchAndReturn(99) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 99), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    @available(*, deprecated)
    func testDeprecatedCatchAliases() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, catchError1)])
        let res = scheduler.start { xs.catchError { _ in Observable.error(catchError2) }.catchErrorJustReturn(7) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 7), .completed(230)])
    }

    // MARK: retry

    func testRetryForeverResubscribesAtEachError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .error(200, catchError1)])
        let res = scheduler.start { xs.retry() }
        XCTAssertEqual(
            res.events,
            [
                .next(300, 1), .next(350, 2), .next(500, 1), .next(550, 2),
                .next(700, 1), .next(750, 2), .next(900, 1), .next(950, 2),
            ]
        )
        XCTAssertEqual(
            xs.subscriptions,
            [
                Subscription(200, 400), Subscription(400, 600), Subscription(600, 800), Subscription(800, 1000),
            ]
        )
    }

    func testRetryCountGivesUpWithTheLastError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .error(200, catchError1)])
        let res = scheduler.start { xs.retry(3) }
        XCTAssertEqual(
            res.events,
            [
                .next(300, 1), .next(350, 2), .next(500, 1), .next(550, 2), .next(700, 1), .next(750, 2),
                .error(800, catchError1),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400), Subscription(400, 600), Subscription(600, 800)])
    }

    func testRetryCountStopsRetryingOnSuccess() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createColdObservable([.next(10, 1), .error(20, catchError1)])
        let succeeding = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        var attempts = 0
        let res = scheduler.start {
            Observable<Int>.deferred {
                attempts += 1
                return attempts == 1 ? failing.asObservable() : succeeding.asObservable()
            }
            .retry(3)
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(240)])
        XCTAssertEqual(failing.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(succeeding.subscriptions, [Subscription(220, 240)])
        XCTAssertEqual(attempts, 2)
    }

    func testRetryZeroCompletesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, catchError1)])
        let res = scheduler.start { xs.retry(0) }
        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testRetryOfASynchronouslyFailingSourceLoopsWithoutRecursion() {
        var attempts = 0
        let source = Observable<Int>.deferred {
            attempts += 1
            return attempts < 5000 ? Observable.error(catchError1) : Observable.just(attempts)
        }
        XCTAssertEqual(try source.retry().toArrayForTest(), [5000])
        XCTAssertEqual(attempts, 5000)

        attempts = 0
        XCTAssertThrowsError(try source.retry(3).toArrayForTest())
        XCTAssertEqual(attempts, 3)
    }

    func testRetryDisposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .error(200, catchError1)])
        let res = scheduler.start(disposed: 450) { xs.retry() }
        XCTAssertEqual(res.events, [.next(300, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400), Subscription(400, 450)])
    }

    // MARK: retry(when:)

    func testRetryWhenResubscribesOnEachTriggerElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .error(200, catchError1)])
        let res = scheduler.start {
            xs.retry(when: { errors in errors.delay(.seconds(50), scheduler: scheduler) })
        }
        XCTAssertEqual(res.events, [.next(300, 1), .next(550, 1), .next(800, 1)])
        XCTAssertEqual(
            xs.subscriptions,
            [
                Subscription(200, 400), Subscription(450, 650), Subscription(700, 900), Subscription(950, 1000),
            ]
        )
    }

    func testRetryWhenTriggerCompletionCompletesAtTheNextError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .error(200, catchError1)])
        let res = scheduler.start { xs.retry(when: { errors in errors.take(2) }) }
        XCTAssertEqual(res.events, [.next(300, 1), .next(500, 1), .next(700, 1), .completed(800)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400), Subscription(400, 600), Subscription(600, 800)])
    }

    func testRetryWhenTriggerErrorFailsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .error(200, catchError1)])
        let res = scheduler.start {
            xs.retry(when: { errors in errors.map { _ -> Int in throw catchError2 } })
        }
        XCTAssertEqual(res.events, [.next(300, 1), .error(400, catchError2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testRetryWhenTypedErrorsRetryOnlyMatchingErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let retryable = scheduler.createColdObservable([.next(10, 1), .error(20, RetryableError())])
        let fatal = scheduler.createColdObservable([.next(10, 2), .error(20, catchError1)])
        var attempts = 0
        let res = scheduler.start {
            Observable<Int>.deferred {
                attempts += 1
                return attempts == 1 ? retryable.asObservable() : fatal.asObservable()
            }
            .retry(when: { (errors: Observable<RetryableError>) in errors })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .error(240, catchError1)])
        XCTAssertEqual(retryable.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(fatal.subscriptions, [Subscription(220, 240)])
    }

    func testRetryWhenSourceCompletionAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start { xs.retry(when: { errors in errors }) }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createColdObservable([.next(100, 1), .error(200, catchError1)])
        let disposed = scheduler2.start(disposed: 420) {
            ys.retry(when: { errors in errors.delay(.seconds(50), scheduler: scheduler2) })
        }
        XCTAssertEqual(disposed.events, [.next(300, 1)])
        // Disposed while waiting for the trigger: no resubscription at 450.
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 400)])
    }

    @available(*, deprecated)
    func testRetryWhenDeprecatedAliases() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .error(200, catchError1)])
        let res = scheduler.start { xs.retryWhen { errors in errors.take(1) } }
        XCTAssertEqual(res.events, [.next(300, 1), .next(500, 1), .completed(600)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createColdObservable([.error(10, RetryableError(), Int.self)])
        let typed = scheduler2.start { ys.retryWhen { (errors: Observable<RetryableError>) in errors.take(1) } }
        XCTAssertEqual(typed.events, [.completed(220)])
    }

    // MARK: seed example C21: api(query).retry(3).catchAndReturn([])

    func testSearchRequestRetriesThreeTimesThenFallsBackToEmptyResults() {
        let scheduler = TestScheduler(initialClock: 0)
        let api = scheduler.createColdObservable([.error(20, catchError1, [String].self)])
        let res = scheduler.start { api.retry(3).catchAndReturn([]) }
        XCTAssertEqual(res.events, [.next(260, []), .completed(260)])
        XCTAssertEqual(api.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let flaky = scheduler2.createColdObservable([.error(20, catchError1, [String].self)])
        let answer = scheduler2.createColdObservable([.next(20, ["rxswift"]), .completed(20)])
        var calls = 0
        let recovered = scheduler2.start {
            Observable<[String]>.deferred {
                calls += 1
                return calls < 3 ? flaky.asObservable() : answer.asObservable()
            }
            .retry(3)
            .catchAndReturn([])
        }
        XCTAssertEqual(recovered.events, [.next(260, ["rxswift"]), .completed(260)])
    }
}
