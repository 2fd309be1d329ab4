import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error, Equatable {}

final class CompletableTests: RxTestCase {
    func testCreateDeliversOnlyTheFirstEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Completable.create { observer in
                observer(.completed)
                observer(.error(TestError()))
                return Disposables.create()
            }.asObservable()
        }
        XCTAssertEqual(res.events, [.completed(200, Never.self)])
    }

    func testSubscribeObserverAndHandlers() {
        var events: [CompletableEvent] = []
        _ = Completable.empty().subscribe { events.append($0) }
        _ = Completable.error(TestError()).subscribe { events.append($0) }
        _ = Completable.never().subscribe { events.append($0) }
        XCTAssertEqual(events, [.completed, .error(TestError())])

        var log: [String] = []
        _ = Completable.empty().subscribe(
            onCompleted: { log.append("completed") },
            onError: { _ in log.append("error") },
            onDisposed: { log.append("disposed") }
        )
        _ = Completable.error(TestError()).subscribe(
            onCompleted: { log.append("completed") },
            onError: { _ in log.append("error") },
            onDisposed: { log.append("disposed") }
        )
        XCTAssertEqual(log, ["completed", "disposed", "error", "disposed"])
    }

    func testSubscribeWithObject() {
        final class Owner { var log: [String] = [] }
        let owner = Owner()
        _ = Completable.error(TestError()).subscribe(
            with: owner,
            onCompleted: { owner in owner.log.append("completed") },
            onError: { owner, _ in owner.log.append("error") },
            onDisposed: { owner in owner.log.append("disposed") }
        )
        XCTAssertEqual(owner.log, ["error", "disposed"])
    }

    func testDo() {
        var log: [String] = []
        _ = Completable.empty()
            .do(
                onError: { _ in log.append("onError") },
                onCompleted: { log.append("onCompleted") },
                afterCompleted: { log.append("afterCompleted") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
            .subscribe(onCompleted: { log.append("completed") })
        XCTAssertEqual(log, ["onSubscribe", "onCompleted", "completed", "afterCompleted", "onSubscribed", "onDispose"])
    }

    func testObservableOfNeverAsCompletable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Never>>.completed(250)])
        let res = scheduler.start { xs.asCompletable().asObservable() }
        XCTAssertEqual(res.events, [.completed(250, Never.self)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    // MARK: andThen

    func testAndThenSingleSubscribesSecondAfterCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(30)])
        let second = scheduler.createColdObservable([.next(20, 1), .completed(20)])
        let res = scheduler.start {
            first.asCompletable().andThen(second.asSingle()).asObservable()
        }
        XCTAssertEqual(res.events, [.next(250, 1), .completed(250)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(second.subscriptions, [Subscription(230, 250)])
    }

    func testAndThenErrorSkipsSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.error(30, TestError())])
        let second = scheduler.createColdObservable([.next(20, 1), .completed(20)])
        let res = scheduler.start {
            first.asCompletable().andThen(second.asMaybe()).asObservable()
        }
        XCTAssertEqual(res.events, [.error(230, TestError())])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(second.subscriptions, [])
    }

    func testAndThenSecondErrorIsForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(30)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.error(20, TestError())])
        let res = scheduler.start {
            first.asCompletable().andThen(second.asCompletable()).asObservable()
        }
        XCTAssertEqual(res.events, [.error(250, TestError(), Never.self)])
        XCTAssertEqual(second.subscriptions, [Subscription(230, 250)])
    }

    func testAndThenObservableForwardsAllElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let res = scheduler.start { first.asCompletable().andThen(second.asObservable()) }
        XCTAssertEqual(res.events, [.next(220, 1), .next(230, 2), .completed(240)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 240)])
    }

    func testAndThenDisposeWhileSecondRunsDisposesSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
        let res = scheduler.start(disposed: 260) { first.asCompletable().andThen(second.asObservable()) }
        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 260)])
    }

    func testAndThenDisposeWhileFirstRunsNeverSubscribesSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(100)])
        let second = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start(disposed: 250) { first.asCompletable().andThen(second.asObservable()) }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(second.subscriptions, [])
    }

    func testValue() async throws {
        try await Completable.empty().value
        do {
            try await Completable.error(TestError()).value
            XCTFail("expected an error")
        } catch {
            XCTAssertTrue(error is TestError)
        }
    }

    func testFromAsyncBlock() async throws {
        var ran = false
        try await Completable.from { ran = true }.value
        XCTAssertTrue(ran)
    }

    func testValueThrowsCancellationWhenTheTaskIsCancelled() async {
        let task = Task { try await Completable.never().value }
        task.cancel()
        do {
            try await task.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
    }
}
