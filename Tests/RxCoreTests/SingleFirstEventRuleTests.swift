import XCTest

@testable import RxCore

private struct TestError: Error, Equatable {}

/// `subscribe(onSuccess:onFailure:onDisposed:)` counts a Single's first event only, as
/// `subscribe(_:)` does, even when the sequence underneath sends more (only a Single built from a
/// raw sequence can): the element ends the subscription's events, and `onDisposed` runs right
/// after the handler, before the completion that follows arrives.
final class SingleFirstEventRuleTests: XCTestCase {
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
}
