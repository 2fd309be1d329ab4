import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error, Equatable {}

final class MaybeTests: RxTestCase {
    func testCreateDeliversOnlyTheFirstEvent() {
        let success = TestScheduler(initialClock: 0).start {
            Maybe<Int>.create { observer in
                observer(.success(1))
                observer(.completed)
                return Disposables.create()
            }.asObservable()
        }
        XCTAssertEqual(success.events, [.next(200, 1), .completed(200)])

        let empty = TestScheduler(initialClock: 0).start {
            Maybe<Int>.create { observer in
                observer(.completed)
                observer(.success(1))
                return Disposables.create()
            }.asObservable()
        }
        XCTAssertEqual(empty.events, [.completed(200)])

        let failed = TestScheduler(initialClock: 0).start {
            Maybe<Int>.create { observer in
                observer(.error(TestError()))
                observer(.completed)
                return Disposables.create()
            }.asObservable()
        }
        XCTAssertEqual(failed.events, [.error(200, TestError())])
    }

    func testSubscribeObserverReceivesOneMaybeEvent() {
        var events: [MaybeEvent<Int>] = []
        _ = Maybe.just(1).subscribe { events.append($0) }
        _ = Maybe<Int>.empty().subscribe { events.append($0) }
        _ = Maybe<Int>.error(TestError()).subscribe { events.append($0) }
        _ = Maybe<Int>.never().subscribe { events.append($0) }
        XCTAssertEqual(events, [.success(1), .completed, .error(TestError())])
    }

    func testSubscribeHandlers() {
        var log: [String] = []
        func subscribe(_ maybe: Maybe<Int>) {
            _ = maybe.subscribe(
                onSuccess: { log.append("success \($0)") },
                onError: { _ in log.append("error") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
        }
        subscribe(.just(1))
        subscribe(.empty())
        subscribe(.error(TestError()))
        XCTAssertEqual(log, ["success 1", "disposed", "completed", "disposed", "error", "disposed"])
    }

    func testSubscribeWithObject() {
        final class Owner { var log: [String] = [] }
        let owner = Owner()
        _ = Maybe<Int>.empty().subscribe(
            with: owner,
            onSuccess: { owner, value in owner.log.append("success \(value)") },
            onError: { owner, _ in owner.log.append("error") },
            onCompleted: { owner in owner.log.append("completed") },
            onDisposed: { owner in owner.log.append("disposed") }
        )
        XCTAssertEqual(owner.log, ["completed", "disposed"])
    }

    func testFactories() {
        XCTAssertEqual(recordedEvents { _ in Maybe.just(1).asObservable() }, [.next(200, 1), .completed(200)])
        XCTAssertEqual(
            recordedEvents { Maybe.just(1, scheduler: $0).asObservable() },
            [.next(201, 1), .completed(202)]
        )
        XCTAssertEqual(recordedEvents { _ in Maybe<Int>.empty().asObservable() }, [.completed(200)])
        XCTAssertEqual(recordedEvents { _ in Maybe<Int>.error(TestError()).asObservable() }, [.error(200, TestError())])
        XCTAssertEqual(recordedEvents { _ in Maybe<Int>.never().asObservable() }, [])
    }

    func testDoRunsSideEffects() {
        var log: [String] = []
        _ = Maybe<Int>.empty()
            .do(
                onNext: { log.append("onNext \($0)") },
                onCompleted: { log.append("onCompleted") },
                afterCompleted: { log.append("afterCompleted") },
                onSubscribe: { log.append("onSubscribe") },
                onDispose: { log.append("onDispose") }
            )
            .subscribe(onCompleted: { log.append("completed") })
        XCTAssertEqual(log, ["onSubscribe", "onCompleted", "completed", "afterCompleted", "onDispose"])
    }

    func testFilterAndMap() {
        var events: [MaybeEvent<String>] = []
        _ = Maybe.just(2).filter { $0 > 1 }.map { "\($0)" }.subscribe { events.append($0) }
        _ = Maybe.just(1).filter { $0 > 1 }.map { "\($0)" }.subscribe { events.append($0) }
        _ = Maybe.just(1).map { _ -> String in throw TestError() }.subscribe { events.append($0) }
        XCTAssertEqual(events, [.success("2"), .completed, .error(TestError())])
    }

    func testHotSourceDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(300, 1), .completed(310)])
        let res = scheduler.start(disposed: 250) { xs.asMaybe().map { $0 * 2 }.asObservable() }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testValue() async throws {
        let value = try await Maybe.just(3).value
        XCTAssertEqual(value, 3)
        let none = try await Maybe<Int>.empty().value
        XCTAssertNil(none)
        do {
            _ = try await Maybe<Int>.error(TestError()).value
            XCTFail("expected an error")
        } catch {
            XCTAssertTrue(error is TestError)
        }
    }

    func testFromAsyncBlock() async throws {
        let value = try await Maybe<Int>.from { 4 }.value
        XCTAssertEqual(value, 4)
        let none = try await Maybe<Int>.from(nil).value
        XCTAssertNil(none)
    }

    func testValueThrowsCancellationWhenTheTaskIsCancelled() async {
        let task = Task { try await Maybe<Int>.never().value }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
    }
}
