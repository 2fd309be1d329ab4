import XCTest

@testable import RxCore

private struct TestError: Error, Equatable {}

/// A Single's and a Maybe's handler subscriptions count the first event only, as their
/// `subscribe(_:)` does, even when the sequence underneath sends more (only a trait built from a
/// raw sequence can): the element ends the subscription's events, and `onDisposed` runs right
/// after the handler, before the completion that follows arrives.
final class TraitFirstEventRuleTests: XCTestCase {
    private func log(_ raw: Observable<Int>) -> [String] {
        var log: [String] = []
        let subscription = Single(raw: raw).subscribe(
            onSuccess: { log.append("success \($0)") },
            onFailure: { _ in log.append("failure") },
            onDisposed: { log.append("disposed") }
        )
        subscription.dispose()
        return log
    }

    func testOnlyTheFirstElementIsASuccessAndNothingAfterItIsAnEvent() {
        XCTAssertEqual(log(Observable.of(1, 2)), ["success 1", "disposed"])
        XCTAssertEqual(log(Observable.of(1).concat(Observable.error(TestError()))), ["success 1", "disposed"])
    }

    func testOnDisposedRunsRightAfterTheSuccessBeforeTheCompletion() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription = Single(raw: subject.asObservable()).subscribe(
            onSuccess: { log.append("success \($0)") },
            onDisposed: { log.append("disposed") }
        )
        subject.onNext(7)
        XCTAssertEqual(log, ["success 7", "disposed"])
        subject.onNext(8)
        subject.onCompleted()
        XCTAssertEqual(log, ["success 7", "disposed"])
        subscription.dispose()
        XCTAssertEqual(log, ["success 7", "disposed"])
    }

    func testAFailureFirstIsTheOnlyEvent() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription = Single(raw: subject.asObservable()).subscribe(
            onSuccess: { log.append("success \($0)") },
            onFailure: { _ in log.append("failure") },
            onDisposed: { log.append("disposed") }
        )
        subject.onError(TestError())
        subject.onNext(1)
        XCTAssertEqual(log, ["failure", "disposed"])
        subscription.dispose()
    }

    func testAnElementSentFromInsideTheSuccessHandlerIsNotASecondSuccess() {
        let subject = PublishSubject<Int>()
        var successes: [Int] = []
        let subscription = Single(raw: subject.asObservable()).subscribe(onSuccess: { value in
            successes.append(value)
            subject.onNext(value + 1)
        })
        subject.onNext(1)
        XCTAssertEqual(successes, [1])
        subscription.dispose()
    }

    private func maybeLog(_ raw: Observable<Int>) -> [String] {
        var log: [String] = []
        let subscription = Maybe(raw: raw).subscribe(
            onSuccess: { log.append("success \($0)") },
            onError: { _ in log.append("error") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        subscription.dispose()
        return log
    }

    func testAMaybesElementIsItsOnlyEventAndItsCompletionWithoutOneIsAnEvent() {
        XCTAssertEqual(maybeLog(Observable.just(1)), ["success 1", "disposed"])
        XCTAssertEqual(maybeLog(Observable.of(1, 2)), ["success 1", "disposed"])
        XCTAssertEqual(maybeLog(Observable.of(1).concat(Observable.error(TestError()))), ["success 1", "disposed"])
        XCTAssertEqual(maybeLog(Observable.empty()), ["completed", "disposed"])
        XCTAssertEqual(maybeLog(Observable.error(TestError())), ["error", "disposed"])
        XCTAssertEqual(maybeLog(Observable.never()), ["disposed"])
    }

    func testAMaybesOnDisposedRunsRightAfterTheSuccess() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription = Maybe(raw: subject.asObservable()).subscribe(
            onSuccess: { log.append("success \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        subject.onNext(3)
        XCTAssertEqual(log, ["success 3", "disposed"])
        subject.onCompleted()
        subscription.dispose()
        XCTAssertEqual(log, ["success 3", "disposed"])
    }

    func testACompletablesFirstTerminalEventIsItsOnlyOne() {
        var log: [String] = []
        let handlers = (
            completed: { log.append("completed") }, error: { (_: Swift.Error) in log.append("error") },
            disposed: { log.append("disposed") }
        )
        _ = Completable.empty().subscribe(
            onCompleted: handlers.completed,
            onError: handlers.error,
            onDisposed: handlers.disposed
        )
        _ = Completable.error(TestError()).subscribe(
            onCompleted: handlers.completed,
            onError: handlers.error,
            onDisposed: handlers.disposed
        )
        let subject = PublishSubject<Never>()
        let subscription = subject.asCompletable().subscribe(
            onCompleted: handlers.completed,
            onError: handlers.error,
            onDisposed: handlers.disposed
        )
        subject.onCompleted()
        subject.onError(TestError())
        subscription.dispose()
        XCTAssertEqual(log, ["completed", "disposed", "error", "disposed", "completed", "disposed"])
    }

    func testTheEventFormOfSubscribeKeepsTheSameRule() {
        var log: [String] = []
        func single(_ raw: Observable<Int>) {
            _ = Single(raw: raw).subscribe { event in
                switch event {
                case .success(let value): log.append("success \(value)")
                case .failure: log.append("failure")
                }
            }
        }
        func maybe(_ raw: Observable<Int>) {
            _ = Maybe(raw: raw).subscribe { event in
                switch event {
                case .success(let value): log.append("success \(value)")
                case .error: log.append("error")
                case .completed: log.append("completed")
                }
            }
        }
        single(Observable.of(1, 2))
        single(Observable.of(3).concat(Observable.error(TestError())))
        single(Observable.error(TestError()))
        maybe(Observable.of(4, 5))
        maybe(Observable.empty())
        maybe(Observable.error(TestError()))
        _ = Completable(raw: Observable<Never>.empty()).subscribe { event in
            switch event {
            case .completed: log.append("completed")
            case .error: log.append("error")
            }
        }
        XCTAssertEqual(
            log,
            ["success 1", "success 3", "failure", "success 4", "completed", "error", "completed"]
        )
    }
}
