import Foundation
import RxCore
import RxCoreTesting
import XCTest

final class CreateTests: RxTestCase {
    /// Seed example A5: `myJust` built with `create` emits 0 and completes before `subscribe` returns.
    func testMyJustEmitsBeforeSubscribeReturns() {
        func myJust<E>(_ element: E) -> Observable<E> {
            Observable.create { observer in
                observer.on(.next(element))
                observer.on(.completed)
                return Disposables.create()
            }
        }
        var lines: [String] = []
        _ = myJust(0).subscribe(onNext: { lines.append("\($0)") }, onCompleted: { lines.append("completed") })
        lines.append("returned")
        XCTAssertEqual(lines, ["0", "completed", "returned"])
    }

    /// Seed example A5: `myFrom(["first", "second"])` subscribed twice, with the exact output.
    func testMyFromSubscribedTwicePrintsTheGuideOutput() {
        func myFrom<E>(_ sequence: [E]) -> Observable<E> {
            Observable.create { observer in
                for element in sequence {
                    observer.on(.next(element))
                }
                observer.on(.completed)
                return Disposables.create()
            }
        }
        var lines: [String] = []
        let stringCounter = myFrom(["first", "second"])
        lines.append("Started ----")
        _ = stringCounter.subscribe(onNext: { lines.append($0) })
        lines.append("----")
        _ = stringCounter.subscribe(onNext: { lines.append($0) })
        lines.append("Ended ----")
        XCTAssertEqual(lines, ["Started ----", "first", "second", "----", "first", "second", "Ended ----"])
    }

    /// Seed example A4: creating does no work; every subscription runs the subscribe closure.
    func testCreateIsLazyAndPerSubscription() {
        var subscribeCount = 0
        let source = Observable<Int>.create { observer in
            subscribeCount += 1
            observer.onNext(subscribeCount)
            return Disposables.create()
        }
        XCTAssertEqual(subscribeCount, 0)
        var received: [Int] = []
        let first = source.subscribe(onNext: { received.append($0) })
        let second = source.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(subscribeCount, 2)
        XCTAssertEqual(received, [1, 2])
        first.dispose()
        second.dispose()
    }

    /// Seed example A1: nothing is delivered after a terminal event, and termination disposes
    /// the resources of the subscription.
    func testGrammarIsEnforcedAfterCompletion() {
        var disposeCount = 0
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            observer.onError(testError)
            observer.onCompleted()
            return Disposables.create { disposeCount += 1 }
        }
        var events: [Event<Int>] = []
        let subscription = source.subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(1), .completed])
        XCTAssertEqual(disposeCount, 1)
        subscription.dispose()
        XCTAssertEqual(disposeCount, 1)
    }

    func testGrammarIsEnforcedAfterError() {
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onError(testError)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }
        var events: [Event<Int>] = []
        _ = source.subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(1), .error(testError)])
    }

    func testGrammarIsEnforcedInVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: [Int] = []
        let res = scheduler.start { () -> Observable<Int> in
            Observable.create { observer in
                scheduler.scheduleAt(210) { observer.onNext(1) }
                scheduler.scheduleAt(220) { observer.onCompleted() }
                scheduler.scheduleAt(230) { observer.onNext(2) }
                scheduler.scheduleAt(240) { observer.onError(testError) }
                return Disposables.create { disposedAt.append(scheduler.clock) }
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(disposedAt, [220])
    }

    func testDisposeStopsDelivery() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: [Int] = []
        let res = scheduler.start(disposed: 215) { () -> Observable<Int> in
            Observable.create { observer in
                scheduler.scheduleAt(210) { observer.onNext(1) }
                scheduler.scheduleAt(220) { observer.onNext(2) }
                return Disposables.create { disposedAt.append(scheduler.clock) }
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(disposedAt, [215])
    }
}

final class JustTests: RxTestCase {
    func testJust() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.just(42) }
        XCTAssertEqual(res.events, [.next(200, 42), .completed(200)])
    }

    func testJustWithScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.just(42, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 42), .completed(202)])
    }

    func testJustWithSchedulerDisposedBeforeCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 201) { Observable.just(42, scheduler: scheduler) }
        XCTAssertEqual(res.events, [])
    }
}

final class SequenceCreationTests: RxTestCase {
    func testOf() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(1, 2, 3) }
        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
    }

    func testOfWithScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }

    func testOfWithSchedulerDisposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 202) { Observable.of(1, 2, 3, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1)])
    }

    func testFromArray() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from([1, 2]) }
        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .completed(200)])
    }

    func testFromArrayWithScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from([1, 2], scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .completed(203)])
    }

    func testFromEmptyArray() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.from([]) }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testFromSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from(stride(from: 0, to: 6, by: 2)) }
        XCTAssertEqual(res.events, [.next(200, 0), .next(200, 2), .next(200, 4), .completed(200)])
    }

    func testFromSequenceWithScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from(1...2, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .completed(203)])
    }

    func testFromOptional() {
        let scheduler = TestScheduler(initialClock: 0)
        let some = scheduler.start { Observable.from(optional: 5 as Int?) }
        XCTAssertEqual(some.events, [.next(200, 5), .completed(200)])
        let none = TestScheduler(initialClock: 0).start { Observable<Int>.from(optional: nil) }
        XCTAssertEqual(none.events, [.completed(200)])
    }

    func testFromOptionalWithScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let some = scheduler.start { Observable.from(optional: 5 as Int?, scheduler: scheduler) }
        XCTAssertEqual(some.events, [.next(201, 5), .completed(202)])
        let other = TestScheduler(initialClock: 0)
        let none = other.start { Observable<Int>.from(optional: nil, scheduler: other) }
        XCTAssertEqual(none.events, [.completed(201)])
    }

    func testEmpty() {
        let res = TestScheduler(initialClock: 0).start { Observable<Int>.empty() }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testNever() {
        let res = TestScheduler(initialClock: 0).start { Observable<Int>.never() }
        XCTAssertEqual(res.events, [])
    }

    func testErrorCreation() {
        let res = TestScheduler(initialClock: 0).start { Observable<Int>.error(testError) }
        XCTAssertEqual(res.events, [.error(200, testError)])
    }
}

final class DeferredTests: RxTestCase {
    func testFactoryRunsOnEverySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        var invoked = 0
        let xs = scheduler.createColdObservable([.next(100, 1), .completed(200)])
        let res = scheduler.start {
            Observable.deferred { () -> Observable<Int> in
                invoked += 1
                return xs.asObservable()
            }
        }
        XCTAssertEqual(invoked, 1)
        XCTAssertEqual(res.events, [.next(300, 1), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testFactoryIsNotCalledBeforeSubscription() {
        var invoked = 0
        let source = Observable<Int>.deferred {
            invoked += 1
            return .just(invoked)
        }
        XCTAssertEqual(invoked, 0)
        var received: [Int] = []
        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 2])
    }

    func testThrowingFactoryErrors() {
        let res = TestScheduler(initialClock: 0).start { Observable<Int>.deferred { throw testError } }
        XCTAssertEqual(res.events, [.error(200, testError)])
    }
}

final class GeneratorTests: RxTestCase {
    func testRange() {
        let res = TestScheduler(initialClock: 0).start { Observable.range(start: 5, count: 3) }
        XCTAssertEqual(res.events, [.next(200, 5), .next(200, 6), .next(200, 7), .completed(200)])
    }

    func testRangeWithScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.range(start: 0, count: 3, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1), .next(203, 2), .completed(204)])
    }

    func testRangeOfZeroCompletes() {
        let res = TestScheduler(initialClock: 0).start { Observable<Int>.range(start: 0, count: 0) }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testRangeDisposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 203) { Observable<Int>.range(start: -10, count: 10, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, -10), .next(202, -9)])
    }

    func testGenerateFinite() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(initialState: 0, condition: { $0 <= 2 }, scheduler: scheduler, iterate: { $0 + 1 })
        }
        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1), .next(203, 2), .completed(204)])
    }

    func testGenerateOnTheCurrentThread() {
        let res = TestScheduler(initialClock: 0).start {
            Observable.generate(initialState: 1, condition: { $0 < 10 }, iterate: { $0 * 3 })
        }
        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 3), .next(200, 9), .completed(200)])
    }

    func testGenerateThrowingCondition() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(
                initialState: 0,
                condition: { _ in throw testError },
                scheduler: scheduler,
                iterate: { $0 + 1 }
            )
        }
        XCTAssertEqual(res.events, [.error(201, testError)])
    }

    func testGenerateThrowingIterate() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(
                initialState: 0,
                condition: { _ in true },
                scheduler: scheduler,
                iterate: { _ in throw testError }
            )
        }
        XCTAssertEqual(res.events, [.next(201, 0), .error(202, testError)])
    }

    func testGenerateDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 203) {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler, iterate: { $0 + 1 })
        }
        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1)])
    }

    func testRepeatElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 204) { Observable.repeatElement(42, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 42), .next(202, 42), .next(203, 42)])
    }
}

final class TimerCreationTests: RxTestCase {
    func testInterval() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 650) { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(300, 0), .next(400, 1), .next(500, 2), .next(600, 3)])
    }

    func testIntervalWithOtherIntegerTypes() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 225) { Observable<UInt8>.interval(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 0), .next(220, 1)])
    }

    func testIntervalWithResolution() {
        // One tick is a millisecond here, as in the guide's 100 ms interval.
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let res = scheduler.start(disposed: 550) { Observable<Int>.interval(.milliseconds(100), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(300, 0), .next(400, 1), .next(500, 2)])
    }

    func testTimerOneShot() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.timer(.seconds(300), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(500, 0), .completed(500)])
    }

    func testTimerZeroDueTimeRunsOneTickLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.timer(.seconds(0), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 0), .completed(201)])
    }

    func testTimerDisposedBeforeDue() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 299) { Observable<Int>.timer(.seconds(300), scheduler: scheduler) }
        XCTAssertEqual(res.events, [])
    }

    func testTimerWithPeriod() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 260) {
            Observable<Int>.timer(.seconds(10), period: .seconds(20), scheduler: scheduler)
        }
        XCTAssertEqual(res.events, [.next(210, 0), .next(230, 1), .next(250, 2)])
    }
}

final class UsingTests: RxTestCase {
    final class Resource: Disposable {
        let scheduler: TestScheduler
        private(set) var disposedAt: [Int] = []
        init(scheduler: TestScheduler) { self.scheduler = scheduler }
        func dispose() { disposedAt.append(scheduler.clock) }
    }

    func testResourceLivesAsLongAsTheSubscriptionCompleting() {
        let scheduler = TestScheduler(initialClock: 0)
        var resources: [Resource] = []
        var xs: TestableObservable<Int>!
        let res = scheduler.start {
            Observable.using(
                { () -> Resource in
                    let resource = Resource(scheduler: scheduler)
                    resources.append(resource)
                    return resource
                },
                observableFactory: { _ in
                    xs = scheduler.createColdObservable([.next(100, 1), .completed(200)])
                    return xs.asObservable()
                }
            )
        }
        XCTAssertEqual(res.events, [.next(300, 1), .completed(400)])
        XCTAssertEqual(resources.count, 1)
        XCTAssertEqual(resources[0].disposedAt, [400])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testResourceDisposedWithTheSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        var resources: [Resource] = []
        let res = scheduler.start(disposed: 350) {
            Observable<Int>.using(
                { () -> Resource in
                    let resource = Resource(scheduler: scheduler)
                    resources.append(resource)
                    return resource
                },
                observableFactory: { _ in .never() }
            )
        }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(resources.map(\.disposedAt), [[350]])
    }

    func testThrowingResourceFactory() {
        let res = TestScheduler(initialClock: 0).start {
            Observable<Int>.using({ () -> Resource in throw testError }, observableFactory: { _ in .never() })
        }
        XCTAssertEqual(res.events, [.error(200, testError)])
    }

    func testThrowingObservableFactoryStillDisposesTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        var resources: [Resource] = []
        let res = scheduler.start {
            Observable<Int>.using(
                { () -> Resource in
                    let resource = Resource(scheduler: scheduler)
                    resources.append(resource)
                    return resource
                },
                observableFactory: { _ in throw testError }
            )
        }
        XCTAssertEqual(res.events, [.error(200, testError)])
        XCTAssertEqual(resources.map(\.disposedAt), [[200]])
    }
}
