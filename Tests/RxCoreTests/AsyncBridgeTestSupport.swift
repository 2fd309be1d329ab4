import Foundation
import RxCore
import XCTest

// Helpers for the tests of the async bridges (`AsyncSequence.asObservable(priority:)`,
// `Single.create(detached:priority:work:)`): what task the async work ran in, and the events a
// subscription received on another thread.

/// A task-local value the tests bind around a subscription: a task that inherits the
/// subscriber's context (`Task { }`) sees it, a detached one does not.
enum TaskContextProbe {
    @TaskLocal static var label: String?
}

/// What the task running some async work saw of its context.
struct TaskContext: Equatable, CustomStringConvertible {
    let label: String?
    let priority: TaskPriority

    /// The context of the task this is read from.
    static var current: TaskContext {
        TaskContext(label: TaskContextProbe.label, priority: Task.currentPriority)
    }

    var description: String { "label \(label ?? "nil"), priority \(priority)" }
}

/// A value shared between the test and the task that delivers events.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func mutate(_ body: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&stored)
    }
}

/// Suspends the calling task until it is cancelled: the stream it waits on never yields and
/// never finishes (its continuation is kept alive), so only cancellation ends the loop.
func suspendUntilCancelled() async {
    let (pending, continuation) = AsyncStream<Never>.makeStream()
    for await _ in pending {}
    withExtendedLifetime(continuation) {}
}

extension XCTestCase {
    /// Subscribes to `source` with `label` bound as the task-local `TaskContextProbe.label`,
    /// waits (at most 5 s) for its terminal event, and returns every event it received.
    func eventsUntilTerminated<Element>(
        of source: Observable<Element>,
        subscribingWithLabel label: String? = nil
    ) -> [Event<Element>] {
        let terminated = expectation(description: "terminal event")
        let received = LockedBox<[Event<Element>]>([])
        let subscription = TaskContextProbe.$label.withValue(label) {
            source.subscribe { event in
                received.mutate { $0.append(event) }
                if event.isStopEvent { terminated.fulfill() }
            }
        }
        wait(for: [terminated], timeout: 5)
        subscription.dispose()
        return received.value
    }
}
