import Foundation
import RxCore
import RxCoreBlocking
import TestSupport
import XCTest

private struct TestError: Error, Equatable {}

/// `ResourceCheckedTestCase` checks, in traced builds, that each test releases every Rx
/// resource it created.
class BlockingTestCase: ResourceCheckedTestCase {
    func assertRxError(
        _ body: () throws -> Void,
        _ matches: (RxError) -> Bool,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        do {
            try body()
            XCTFail("expected an RxError", file: file, line: line)
        } catch let error as RxError {
            XCTAssertTrue(matches(error), "unexpected \(error)", file: file, line: line)
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
    }
}

final class BlockingObservableTests: BlockingTestCase {
    // MARK: toArray

    func testToArrayCollectsEveryElement() throws {
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().toArray(), [1, 2, 3])
    }

    func testToArrayOfEmptyIsEmpty() throws {
        XCTAssertEqual(try Observable<Int>.empty().toBlocking().toArray(), [])
    }

    func testToArrayRethrowsTheSequenceError() {
        XCTAssertThrowsError(try Observable<Int>.error(TestError()).toBlocking().toArray()) { error in
            XCTAssertEqual(error as? TestError, TestError())
        }
    }

    func testToArrayWaitsForABackgroundScheduler() throws {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "blocking.background")
        let elements = try Observable.of(1, 2, 3, scheduler: scheduler).toBlocking().toArray()
        XCTAssertEqual(elements, [1, 2, 3])
    }

    func testToArrayFromAConcurrentScheduler() throws {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let elements = try Observable<Int>.range(start: 0, count: 100, scheduler: scheduler).toBlocking().toArray()
        XCTAssertEqual(elements, Array(0..<100))
    }

    func testToArrayTimesOut() {
        assertRxError(
            { _ = try Observable<Int>.never().toBlocking(timeout: 0.05).toArray() },
            { error in
                if case .timeout = error { return true }
                return false
            }
        )
    }

    func testAFinishingSequenceDoesNotTimeOut() throws {
        XCTAssertEqual(try Observable.just(7).toBlocking(timeout: 5).toArray(), [7])
    }

    // MARK: first / last

    func testFirstReturnsTheFirstElementAndDisposes() throws {
        var disposed = false
        let source = Observable.of(1, 2, 3).concatNever().do(onDispose: { disposed = true })
        XCTAssertEqual(try source.toBlocking().first(), 1)
        XCTAssertTrue(disposed)
    }

    func testFirstOfAnEndlessBackgroundSequence() throws {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "blocking.interval")
        let first = try Observable<Int>.interval(.milliseconds(1), scheduler: scheduler).toBlocking(timeout: 5).first()
        XCTAssertEqual(first, 0)
    }

    func testFirstOfEmptyIsNil() throws {
        XCTAssertNil(try Observable<Int>.empty().toBlocking().first())
    }

    func testFirstRethrows() {
        XCTAssertThrowsError(try Observable<Int>.error(TestError()).toBlocking().first())
    }

    func testFirstTimesOut() {
        assertRxError(
            { _ = try Observable<Int>.never().toBlocking(timeout: 0.05).first() },
            { error in
                if case .timeout = error { return true }
                return false
            }
        )
    }

    func testLastReturnsTheLastElement() throws {
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().last(), 3)
    }

    func testLastOfEmptyIsNil() throws {
        XCTAssertNil(try Observable<Int>.empty().toBlocking().last())
    }

    func testLastRethrowsEvenAfterElements() {
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onError(TestError())
            return Disposables.create()
        }
        XCTAssertThrowsError(try source.toBlocking().last()) { error in
            XCTAssertEqual(error as? TestError, TestError())
        }
    }

    // MARK: single

    func testSingleReturnsTheOnlyElement() throws {
        XCTAssertEqual(try Observable.just(42).toBlocking().single(), 42)
    }

    func testSingleOfEmptyThrowsNoElements() {
        assertRxError(
            { _ = try Observable<Int>.empty().toBlocking().single() },
            { error in
                if case .noElements = error { return true }
                return false
            }
        )
    }

    func testSingleOfTwoThrowsMoreThanOneElement() {
        assertRxError(
            { _ = try Observable.of(1, 2).toBlocking().single() },
            { error in
                if case .moreThanOneElement = error { return true }
                return false
            }
        )
    }

    func testSingleStopsAtTheSecondElementOfAnEndlessSequence() {
        var disposed = false
        let source = Observable.of(1, 2).concatNever().do(onDispose: { disposed = true })
        assertRxError(
            { _ = try source.toBlocking().single() },
            { error in
                if case .moreThanOneElement = error { return true }
                return false
            }
        )
        XCTAssertTrue(disposed)
    }

    func testSingleRethrows() {
        XCTAssertThrowsError(try Observable<Int>.error(TestError()).toBlocking().single()) { error in
            XCTAssertEqual(error as? TestError, TestError())
        }
    }

    func testSingleWithPredicate() throws {
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 }, 2)
    }

    func testSingleWithPredicateMatchingNothing() {
        assertRxError(
            { _ = try Observable.of(1, 2, 3).toBlocking().single { $0 == 9 } },
            { error in
                if case .noElements = error { return true }
                return false
            }
        )
    }

    func testSingleWithPredicateMatchingTwo() {
        assertRxError(
            { _ = try Observable.of(1, 2, 3).toBlocking().single { $0 > 1 } },
            { error in
                if case .moreThanOneElement = error { return true }
                return false
            }
        )
    }

    func testSingleWithThrowingPredicate() {
        XCTAssertThrowsError(try Observable.of(1, 2).toBlocking().single { _ in throw TestError() }) { error in
            XCTAssertEqual(error as? TestError, TestError())
        }
    }

    // MARK: materialize

    func testMaterializeCompleted() {
        guard case .completed(let elements) = Observable.of(1, 2).toBlocking().materialize() else {
            return XCTFail("expected completion")
        }
        XCTAssertEqual(elements, [1, 2])
    }

    func testMaterializeFailedKeepsTheElementsBeforeTheError() {
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onError(TestError())
            return Disposables.create()
        }
        guard case .failed(let elements, let error) = source.toBlocking().materialize() else {
            return XCTFail("expected failure")
        }
        XCTAssertEqual(elements, [1, 2])
        XCTAssertEqual(error as? TestError, TestError())
    }

    func testMaterializeTimeoutIsAFailure() {
        let source = Observable.of(1).concatNever()
        guard case .failed(let elements, let error) = source.toBlocking(timeout: 0.05).materialize() else {
            return XCTFail("expected failure")
        }
        XCTAssertEqual(elements, [1])
        guard case RxError.timeout = error else { return XCTFail("expected timeout, got \(error)") }
    }

    // MARK: the main thread

    func testOnTheMainThreadMainSchedulerWorkProceedsWhileWaiting() throws {
        XCTAssertTrue(Thread.isMainThread)
        let background = SerialDispatchQueueScheduler(internalSerialQueueName: "blocking.hop")
        var deliveredOnMain: [Bool] = []
        let elements = try Observable.of(1, 2, 3)
            .subscribe(on: background)
            .observe(on: MainScheduler.instance)
            .do(onNext: { _ in deliveredOnMain.append(Thread.isMainThread) })
            .toBlocking(timeout: 5)
            .toArray()
        XCTAssertEqual(elements, [1, 2, 3])
        XCTAssertEqual(deliveredOnMain, [true, true, true])
    }

    func testOnTheMainThreadAsyncInstanceWorkProceedsWhileWaiting() throws {
        let elements = try Observable.of(1, 2)
            .observe(on: MainScheduler.asyncInstance)
            .toBlocking(timeout: 5)
            .toArray()
        XCTAssertEqual(elements, [1, 2])
    }

    func testMainSchedulerTimerFiresWhileWaitingOnTheMainThread() throws {
        let value = try Observable<Int>.timer(.milliseconds(5), scheduler: MainScheduler.instance)
            .toBlocking(timeout: 5)
            .single()
        XCTAssertEqual(value, 0)
    }

    func testOffTheMainThreadWaitsOnACondition() throws {
        let done = expectation(description: "background blocking call")
        final class Box: @unchecked Sendable {
            var elements: [Int] = []
            var wasMainThread = true
        }
        let box = Box()
        DispatchQueue.global().async {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "blocking.worker")
            box.wasMainThread = Thread.isMainThread
            box.elements = (try? Observable.of(1, 2, 3, scheduler: scheduler).toBlocking(timeout: 5).toArray()) ?? []
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertFalse(box.wasMainThread)
        XCTAssertEqual(box.elements, [1, 2, 3])
    }
}

extension ObservableType {
    /// The elements of this sequence, then nothing, forever (no `concat` in RxCore yet).
    func concatNever() -> Observable<Element> {
        Observable.create { observer in
            self.subscribe(onNext: { observer.onNext($0) }, onError: { observer.onError($0) })
        }
    }
}
