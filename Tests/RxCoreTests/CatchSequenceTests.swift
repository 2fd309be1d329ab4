import RxCore
import RxCoreTesting
import XCTest

final class CatchSequenceTests: RxTestCase {
    func testCatchSequenceEndsWithTheFirstSequenceThatCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])

        let res = scheduler.start { Observable.catch(sequence: [xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testCatchSequenceMovesToTheNextSequenceOnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])

        let res = scheduler.start { Observable.catch(sequence: [xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 240)])
    }

    func testCatchSequenceForwardsTheLastErrorWhenEverySequenceFailed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let ys = scheduler.createColdObservable([.next(10, 2), .error(20, testError2)])

        let res = scheduler.start { Observable.catch(sequence: [xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .error(240, testError2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 240)])
    }

    func testCatchSequenceOfNothingCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.catch(sequence: []) }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testCatchSequenceDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let ys = scheduler.createColdObservable([.next(10, 2), .next(40, 3), .completed(50)])

        let res = scheduler.start(disposed: 245) {
            Observable.catch(sequence: AnySequence([xs.asObservable(), ys.asObservable()]))
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 245)])
    }

    /// Thousands of sources failing synchronously must not grow the stack per source.
    func testCatchSequenceOfManySynchronousFailuresDoesNotRecurse() {
        let failures = Array(repeating: Observable<Int>.error(testError), count: 20_000)
        var elements: [Int] = []
        var completed = false
        _ = Observable.catch(sequence: failures + [Observable.just(42)])
            .subscribe(onNext: { elements.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(elements, [42])
        XCTAssertTrue(completed)
    }

    func testCatchSequenceReleasesEverythingOnEveryTerminalPath() {
        _ = Observable.catch(sequence: [Observable<Int>.error(testError), Observable.just(1)]).subscribe()
        _ = Observable.catch(sequence: [Observable<Int>.error(testError), Observable<Int>.error(testError2)])
            .subscribe()
        _ = Observable.catch(sequence: AnySequence([Observable.just(1)])).subscribe()
    }
}
