import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error, Equatable {}

final class SingleTests: RxTestCase {
    func testCreateSuccessDeliversElementThenCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Single<Int>.create { observer in
                observer(.success(1))
                observer(.success(2))
                observer(.failure(TestError()))
                return Disposables.create()
            }.asObservable()
        }
        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
    }

    func testCreateFailureDeliversError() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Single<Int>.create { observer in
                observer(.failure(TestError()))
                observer(.success(2))
                return Disposables.create()
            }.asObservable()
        }
        XCTAssertEqual(res.events, [.error(200, TestError())])
    }

    func testCreateDisposesItsResourceOnSuccessAndOnDispose() {
        var disposed = 0
        let single = Single<Int>.create { observer in
            observer(.success(1))
            return Disposables.create { disposed += 1 }
        }
        _ = single.subscribe(onSuccess: { _ in })
        XCTAssertEqual(disposed, 1)

        let never = Single<Int>.create { _ in Disposables.create { disposed += 1 } }
        let subscription = never.subscribe(onSuccess: { _ in })
        XCTAssertEqual(disposed, 1)
        subscription.dispose()
        XCTAssertEqual(disposed, 2)
    }

    func testSubscribeObserverReceivesOneSingleEvent() {
        var events: [SingleEvent<Int>] = []
        _ = Single.just(1).subscribe { events.append($0) }
        _ = Single<Int>.error(TestError()).subscribe { events.append($0) }
        XCTAssertEqual(events, [.success(1), .failure(TestError())])
    }

    func testSubscribeHandlersRunBeforeOnDisposed() {
        var log: [String] = []
        _ = Single.just(1).subscribe(
            onSuccess: { log.append("success \($0)") },
            onFailure: { _ in log.append("failure") },
            onDisposed: { log.append("disposed") }
        )
        _ = Single<Int>.error(TestError()).subscribe(
            onSuccess: { log.append("success \($0)") },
            onFailure: { _ in log.append("failure") },
            onDisposed: { log.append("disposed") }
        )
        XCTAssertEqual(log, ["success 1", "disposed", "failure", "disposed"])
    }

    @available(*, deprecated)
    func testDeprecatedOnErrorSpellingStillSubscribes() {
        var log: [String] = []
        _ = Single<Int>.error(TestError()).subscribe(onSuccess: nil, onError: { _ in log.append("error") })
        XCTAssertEqual(log, ["error"])
    }

    func testSubscribeWithObjectPassesObjectAndStopsOnceItIsGone() {
        final class Owner { var log: [String] = [] }
        let owner = Owner()
        _ = Single.just(3).subscribe(
            with: owner,
            onSuccess: { owner, value in owner.log.append("success \(value)") },
            onFailure: { owner, _ in owner.log.append("failure") },
            onDisposed: { owner in owner.log.append("disposed") }
        )
        XCTAssertEqual(owner.log, ["success 3", "disposed"])

        var weakOwner: Owner? = Owner()
        let subject = PublishSubject<Int>()
        var called = false
        let subscription = subject.asSingle().subscribe(with: weakOwner!, onSuccess: { _, _ in called = true })
        weakOwner = nil
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertFalse(called)
        subscription.dispose()
    }

    func testUnhandledFailuresGoToTheDefaultErrorHandler() {
        let saved = Hooks.defaultErrorHandler
        defer { Hooks.defaultErrorHandler = saved }
        var handled: [String] = []
        Hooks.defaultErrorHandler = { _, error in handled.append("\(error)") }
        _ = Single<Int>.error(TestError()).subscribe(onSuccess: { _ in })
        _ = Maybe<Int>.error(TestError()).subscribe(onSuccess: { _ in })
        _ = Completable.error(TestError()).subscribe(onCompleted: {})
        _ = Single<Int>.error(TestError()).subscribe(onFailure: { _ in handled.append("handled by onFailure") })
        XCTAssertEqual(handled, ["TestError()", "TestError()", "TestError()", "handled by onFailure"])
    }

    func testJustErrorNever() {
        XCTAssertEqual(recordedEvents { _ in Single.just(5).asObservable() }, [.next(200, 5), .completed(200)])
        XCTAssertEqual(
            recordedEvents { _ in Single<Int>.error(TestError()).asObservable() },
            [.error(200, TestError())]
        )
        XCTAssertEqual(recordedEvents { _ in Single<Int>.never().asObservable() }, [])
    }

    func testJustOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single.just(5, scheduler: scheduler).asObservable() }
        XCTAssertEqual(res.events, [.next(201, 5), .completed(202)])
    }

    func testTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single<Int>.timer(.seconds(20), scheduler: scheduler).asObservable() }
        XCTAssertEqual(res.events, [.next(220, 0), .completed(220)])
    }

    func testDeferredCallsFactoryPerSubscription() {
        var calls = 0
        let single = Single<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        var values: [Int] = []
        _ = single.subscribe(onSuccess: { values.append($0) })
        _ = single.subscribe(onSuccess: { values.append($0) })
        XCTAssertEqual(values, [1, 2])
    }

    func testDoRunsSideEffectsInOrder() {
        var log: [String] = []
        _ = Single.just(1)
            .do(
                onSuccess: { log.append("onSuccess \($0)") },
                afterSuccess: { log.append("afterSuccess \($0)") },
                onError: { _ in log.append("onError") },
                afterError: { _ in log.append("afterError") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
            .subscribe(onSuccess: { log.append("success \($0)") })
        XCTAssertEqual(log, ["onSubscribe", "onSuccess 1", "success 1", "afterSuccess 1", "onSubscribed", "onDispose"])
    }

    func testDoOnErrorSideEffects() {
        var log: [String] = []
        _ = Single<Int>.error(TestError())
            .do(onError: { _ in log.append("onError") }, afterError: { _ in log.append("afterError") })
            .subscribe(onFailure: { _ in log.append("failure") })
        XCTAssertEqual(log, ["onError", "failure", "afterError"])
    }

    func testFilterGivesMaybe() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
        let kept = scheduler.start(created: 100, subscribed: 200, disposed: 1000) {
            xs.asSingle().filter { $0 == 1 }.asObservable()
        }
        XCTAssertEqual(kept.events, [.next(210, 1), .completed(210)])

        var events: [MaybeEvent<Int>] = []
        _ = Single.just(2).filter { $0 == 1 }.subscribe { events.append($0) }
        XCTAssertEqual(events, [.completed])
    }

    func testMapAndThrowingMap() {
        var events: [SingleEvent<String>] = []
        _ = Single.just(2).map { "\($0 * 10)" }.subscribe { events.append($0) }
        _ = Single.just(2).map { _ -> String in throw TestError() }.subscribe { events.append($0) }
        XCTAssertEqual(events, [.success("20"), .failure(TestError())])
    }

    func testAsMaybe() {
        var events: [MaybeEvent<Int>] = []
        _ = Single.just(1).asMaybe().subscribe { events.append($0) }
        XCTAssertEqual(events, [.success(1)])
    }

    func testUsingDisposesResourceWhenTheSingleEnds() {
        var disposed = false
        let single = Single<Int>.using(
            { BooleanDisposableSpy { disposed = true } },
            primitiveSequenceFactory: { _ in .just(7) }
        )
        var value: Int?
        _ = single.subscribe(onSuccess: { value = $0 })
        XCTAssertEqual(value, 7)
        XCTAssertTrue(disposed)
    }

    func testObserveOnDeliversOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single.just(1).observe(on: scheduler).asObservable() }
        XCTAssertEqual(res.events, [.next(201, 1), .completed(202)])
    }

    func testSubscribeOnSubscribesOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let res = scheduler.start { xs.asSingle().subscribe(on: scheduler).asObservable() }
        XCTAssertEqual(res.events, [.next(211, 1), .completed(211)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 211)])
    }

    func testDisposeInTheMiddleDisposesSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(300, 1), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.asSingle().map { $0 + 1 }.asObservable() }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testValueAwaitsSuccess() async throws {
        let value = try await Single.just(42).value
        XCTAssertEqual(value, 42)
    }

    func testValueThrowsFailure() async {
        do {
            _ = try await Single<Int>.error(TestError()).value
            XCTFail("expected an error")
        } catch {
            XCTAssertTrue(error is TestError)
        }
    }

    func testValueThrowsCancellationWhenTheTaskIsCancelled() async {
        let task = Task { try await Single<Int>.never().value }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
    }
}

/// A concrete disposable for `using`, whose `Resource` must be a concrete type.
private final class BooleanDisposableSpy: Disposable {
    private let onDispose: () -> Void
    init(_ onDispose: @escaping () -> Void) { self.onDispose = onDispose }
    func dispose() { onDispose() }
}
