import Foundation
import RxCore
import XCTest

private struct WorkFailure: Error, Equatable {}

private func loadAnswer() async throws -> Int { 42 }

/// `Single.create(detached:priority:work:)`, RxSwift 6.8's bridge from an `async` closure: one
/// task per subscription, its result or error as the single event, cancelled on dispose. Real
/// tasks and threads, so `make tsan` runs it (its filter matches "Concurrency").
final class SingleCreateConcurrencyTests: RxTestCase {
    func testTheResultOfTheWorkIsTheSuccess() async throws {
        // Written as RxSwift's documentation does: the element type comes from the closure.
        let single = Single.create { try await loadAnswer() }
        let typed: Single<Int> = single
        let value = try await typed.value
        XCTAssertEqual(value, 42)
    }

    func testAThrownErrorIsTheFailure() {
        let single = Single<Int>.create { throw WorkFailure() }
        let events = eventsUntilTerminated(of: single.asObservable())
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events.first?.error as? WorkFailure, WorkFailure())
    }

    func testTheSubscribeClosureFormIsStillChosenForAClosureWithAnObserver() {
        // The async overload is disfavoured, as in RxSwift: this must stay create(subscribe:).
        let single = Single<String>.create { observer in
            observer(.success("sync"))
            return Disposables.create()
        }
        var received: [String] = []
        _ = single.subscribe(onSuccess: { received.append($0) })
        XCTAssertEqual(received, ["sync"])
    }

    func testTheTaskInheritsTheSubscribersContextUnlessDetached() {
        let attached = Single<TaskContext>.create(priority: .low) { TaskContext.current }
        XCTAssertEqual(
            eventsUntilTerminated(of: attached.asObservable(), subscribingWithLabel: "subscriber"),
            [.next(TaskContext(label: "subscriber", priority: .low)), .completed]
        )

        let detached = Single<TaskContext>.create(detached: true, priority: .high) { TaskContext.current }
        XCTAssertEqual(
            eventsUntilTerminated(of: detached.asObservable(), subscribingWithLabel: "subscriber"),
            [.next(TaskContext(label: nil, priority: .high)), .completed]
        )
    }

    func testEachSubscriptionRunsTheWorkAgain() {
        let runs = LockedBox(0)
        let single = Single<Int>.create {
            var run = 0
            runs.mutate {
                $0 += 1
                run = $0
            }
            return run
        }
        XCTAssertEqual(eventsUntilTerminated(of: single.asObservable()), [.next(1), .completed])
        XCTAssertEqual(eventsUntilTerminated(of: single.asObservable()), [.next(2), .completed])
    }

    func testDisposingTheSubscriptionCancelsTheTask() {
        let started = expectation(description: "work started")
        let cancelled = expectation(description: "the work's task was cancelled")
        let single = Single<Int>.create {
            started.fulfill()
            await suspendUntilCancelled()
            if Task.isCancelled { cancelled.fulfill() }
            return 1
        }
        let received = LockedBox<[String]>([])
        let subscription = single.subscribe(
            onSuccess: { value in received.mutate { $0.append("success \(value)") } },
            onFailure: { error in received.mutate { $0.append("failure \(error)") } }
        )
        wait(for: [started], timeout: 5)
        subscription.dispose()
        wait(for: [cancelled], timeout: 5)
        XCTAssertEqual(received.value, [])
    }

    func testAwaitingTheValueOfADisposedCreateThrowsCancellation() async {
        let started = expectation(description: "work started")
        let single = Single<Int>.create {
            started.fulfill()
            await suspendUntilCancelled()
            return 1
        }
        let awaiting = Task { try await single.value }
        await fulfillment(of: [started], timeout: 5)
        awaiting.cancel()
        do {
            _ = try await awaiting.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }
}
