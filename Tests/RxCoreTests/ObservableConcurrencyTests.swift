import Foundation
import RxCore
import XCTest

private struct ConcurrencyFailure: Error, Equatable {}

final class ObservableConcurrencyTests: RxTestCase {
    // MARK: values

    func testValuesYieldsElementsAndFinishesOnCompletion() async throws {
        var received = [Int]()
        for try await value in Observable.from([1, 2, 3]).values {
            received.append(value)
        }
        XCTAssertEqual(received, [1, 2, 3])
    }

    func testValuesThrowsTheErrorAfterTheElementsBeforeIt() async {
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onError(ConcurrencyFailure())
            return Disposables.create()
        }
        var received = [Int]()
        do {
            for try await value in source.values {
                received.append(value)
            }
            XCTFail("the stream must throw")
        } catch {
            XCTAssertEqual(error as? ConcurrencyFailure, ConcurrencyFailure())
        }
        XCTAssertEqual(received, [1, 2])
    }

    func testValuesWorksOnAnyObservableConvertibleType() async throws {
        let subject = BehaviorSubject(value: 7)
        var received = [Int]()
        for try await value in subject.values {
            received.append(value)
            subject.onCompleted()
        }
        XCTAssertEqual(received, [7])
    }

    func testStoppingIterationDisposesTheSubscription() async throws {
        let subject = PublishSubject<Int>()
        let disposed = expectation(description: "subscription disposed")
        let source = Observable<Int>.create { observer in
            let subscription = subject.subscribe(observer)
            return Disposables.create {
                subscription.dispose()
                disposed.fulfill()
            }
        }
        let feeder = Task {
            // Feed until the consumer has stopped; each element is sent once it is subscribed.
            var next = 0
            while !Task.isCancelled && next < 1_000 {
                if subject.hasObservers {
                    subject.onNext(next)
                    next += 1
                }
                await Task.yield()
            }
        }
        try await firstTwoValues(of: source)
        await fulfillment(of: [disposed], timeout: 5)
        feeder.cancel()
        _ = await feeder.value
        XCTAssertFalse(subject.hasObservers)
    }

    private func firstTwoValues(of source: Observable<Int>) async throws {
        var received = [Int]()
        for try await value in source.values {
            received.append(value)
            if received.count == 2 { break }
        }
        XCTAssertEqual(received.count, 2)
    }

    func testCancellingTheConsumingTaskDisposesTheSubscription() async {
        let subscribed = expectation(description: "subscribed")
        let disposed = expectation(description: "subscription disposed")
        let source = Observable<Int>.create { _ in
            subscribed.fulfill()
            return Disposables.create { disposed.fulfill() }
        }
        let consumer = Task {
            var count = 0
            do {
                for try await _ in source.values { count += 1 }
            } catch {}
            return count
        }
        await fulfillment(of: [subscribed], timeout: 5)
        consumer.cancel()
        await fulfillment(of: [disposed], timeout: 5)
        let count = await consumer.value
        XCTAssertEqual(count, 0)
    }

    func testInfallibleKeepsItsNonThrowingValues() async {
        // The more specific `InfallibleType.values` must win over this bridge.
        let stream: AsyncStream<Int> = Infallible.just(3).values
        var received = [Int]()
        for await value in stream { received.append(value) }
        XCTAssertEqual(received, [3])
    }

    func testPrimitiveSequencesGetTheThrowingValues() async throws {
        var received = [Int]()
        for try await value in Single.just(5).values { received.append(value) }
        XCTAssertEqual(received, [5])
    }

    // MARK: AsyncSequence.asObservable

    func testAsyncSequenceEmitsItsElementsThenCompletes() {
        let stream = AsyncStream<Int> { continuation in
            for value in 1...4 { continuation.yield(value) }
            continuation.finish()
        }
        let events = eventsUntilTerminated(of: stream.asObservable())
        XCTAssertEqual(events, [.next(1), .next(2), .next(3), .next(4), .completed])
    }

    func testAsyncSequenceIteratesInADetachedTaskOfThePriorityAsked() {
        // Subscribed where a task-local value is bound: the detached task does not see it (a
        // plain `Task`, as RxSwift 6.9 used, would), and it runs at the priority asked for.
        let atLow = eventsUntilTerminated(
            of: TaskContextSequence().asObservable(priority: .low),
            subscribingWithLabel: "subscriber"
        )
        XCTAssertEqual(atLow, [.next(TaskContext(label: nil, priority: .low)), .completed])
        let atHigh = eventsUntilTerminated(
            of: TaskContextSequence().asObservable(priority: .high),
            subscribingWithLabel: "subscriber"
        )
        XCTAssertEqual(atHigh, [.next(TaskContext(label: nil, priority: .high)), .completed])
        let unspecified = eventsUntilTerminated(
            of: TaskContextSequence().asObservable(),
            subscribingWithLabel: "subscriber"
        )
        guard case let .next(context)? = unspecified.first else { return XCTFail("no element: \(unspecified)") }
        XCTAssertNil(context.label)
    }

    func testAsyncSequenceErrorIsForwarded() {
        let stream = AsyncThrowingStream<Int, Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: ConcurrencyFailure())
        }
        let events = eventsUntilTerminated(of: stream.asObservable())
        XCTAssertEqual(events.count, 2)
        XCTAssertEqual(events.first?.element, 1)
        XCTAssertEqual(events.last?.error as? ConcurrencyFailure, ConcurrencyFailure())
    }

    func testAsyncSequenceCancellationErrorCompletes() {
        let stream = AsyncThrowingStream<Int, Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: CancellationError())
        }
        let events = eventsUntilTerminated(of: stream.asObservable())
        XCTAssertEqual(events, [.next(1), .completed])
    }

    func testDisposingTheSubscriptionCancelsTheIteratingTask() async {
        let iterationEnded = expectation(description: "the iterating task was cancelled")
        let firstElement = expectation(description: "first element delivered")
        let stream = AsyncStream<Int> { continuation in
            continuation.yield(1)
            // Never finishes on its own: only cancelling the iterating task ends it.
            continuation.onTermination = { termination in
                if case .cancelled = termination { iterationEnded.fulfill() }
            }
        }
        let received = LockedBox<[Event<Int>]>([])
        let subscription = stream.asObservable().subscribe { event in
            received.mutate { $0.append(event) }
            if event.element == 1 { firstElement.fulfill() }
        }
        await fulfillment(of: [firstElement], timeout: 5)
        subscription.dispose()
        await fulfillment(of: [iterationEnded], timeout: 5)
        // Nothing reaches the observer after disposal, not even the completion the loop ends with.
        XCTAssertEqual(received.value, [.next(1)])
    }

    func testEachSubscriptionIteratesAgain() {
        let sequence = CountingSequence(limit: 3)
        let first = eventsUntilTerminated(of: sequence.asObservable())
        let second = eventsUntilTerminated(of: sequence.asObservable())
        XCTAssertEqual(first, [.next(0), .next(1), .next(2), .completed])
        XCTAssertEqual(second, first)
    }
}

/// 0, 1, … up to `limit` (exclusive), as a fresh iteration every time.
private struct CountingSequence: AsyncSequence {
    typealias Element = Int
    let limit: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var next = 0
        let limit: Int
        mutating func next() async -> Int? {
            guard next < limit else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(limit: limit) }
}

/// One element: the task-local label and the priority of the task that iterates it.
private struct TaskContextSequence: AsyncSequence {
    typealias Element = TaskContext

    struct AsyncIterator: AsyncIteratorProtocol {
        var done = false
        mutating func next() async -> TaskContext? {
            guard !done else { return nil }
            done = true
            return TaskContext.current
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}
