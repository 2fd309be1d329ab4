import Foundation
import RxCore

extension ObservableConvertibleType {
    /// Converts the sequence into a blocking one, whose operators wait for the sequence to
    /// produce what they need. With a `timeout` (in seconds), waiting longer throws
    /// `RxError.timeout`.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(timeout: timeout, source: asObservable())
    }
}

/// A sequence whose operators block the calling thread until the result is known. Meant for
/// tests and command-line tools; never block the main thread of an app with it.
///
/// When called on the main thread, waiting runs the main run loop, so work scheduled on
/// `MainScheduler` (which goes through the main dispatch queue) keeps running, on Linux too.
public struct BlockingObservable<Element> {
    let timeout: TimeInterval?
    let source: Observable<Element>
}

/// The whole of a sequence as seen by a blocking observer: its elements, and how it ended.
public enum MaterializedSequenceResult<T> {
    /// The sequence completed after `elements`.
    case completed(elements: [T])
    /// The sequence failed with `error` after `elements` (a timeout counts as a failure).
    case failed(elements: [T], error: Error)
}

extension BlockingObservable {
    /// Every element, once the sequence completes. Rethrows the sequence's error.
    public func toArray() throws -> [Element] {
        switch materialize() {
        case .completed(let elements):
            return elements
        case .failed(_, let error):
            throw error
        }
    }

    /// The first element, or nil when the sequence completes empty. Stops the subscription as
    /// soon as the first element arrives.
    public func first() throws -> Element? {
        let outcome = run { elements in elements.count >= 1 }
        if let error = outcome.error, outcome.elements.isEmpty { throw error }
        return outcome.elements.first
    }

    /// The last element, or nil when the sequence completes empty.
    public func last() throws -> Element? {
        let outcome = run(stopWhen: nil)
        if let error = outcome.error { throw error }
        return outcome.elements.last
    }

    /// The only element. Throws `RxError.noElements` for an empty sequence and
    /// `RxError.moreThanOneElement` as soon as a second element arrives.
    public func single() throws -> Element {
        try single { _ in true }
    }

    /// The only element matching `predicate`. Throws `RxError.noElements` when none matches and
    /// `RxError.moreThanOneElement` as soon as a second one does.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let outcome = run(matching: predicate) { elements in elements.count >= 2 }
        if outcome.elements.count > 1 { throw RxError.moreThanOneElement }
        if let error = outcome.error { throw error }
        guard let element = outcome.elements.first else { throw RxError.noElements }
        return element
    }

    /// Waits for the sequence to end and returns its elements and how it ended.
    public func materialize() -> MaterializedSequenceResult<Element> {
        let outcome = run(stopWhen: nil)
        if let error = outcome.error {
            return .failed(elements: outcome.elements, error: error)
        }
        return .completed(elements: outcome.elements)
    }
}

extension BlockingObservable {
    /// What a blocking run collected: the (matching) elements, and the error that ended it, if
    /// any. A run stopped early by `stopWhen` has no error.
    struct Outcome {
        var elements: [Element] = []
        var error: Error?
    }

    /// Subscribes, collects the elements that satisfy `predicate` until the sequence ends or
    /// `stopWhen` says enough were collected, and disposes the subscription before returning.
    func run(
        matching predicate: ((Element) throws -> Bool)? = nil,
        stopWhen: (([Element]) -> Bool)?
    ) -> Outcome {
        let waiter = BlockingWaiter()
        let lock = NSLock()
        var outcome = Outcome()
        var finished = false

        // Records under the lock, and reports whether this call ended the run.
        func record(_ update: (inout Outcome) -> Bool) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            if finished { return false }
            finished = update(&outcome)
            return finished
        }

        let subscription = SingleAssignmentDisposable()
        let disposable = source.subscribe { event in
            let ended: Bool
            switch event {
            case .next(let element):
                ended = record { outcome in
                    do {
                        if let predicate, try !predicate(element) { return false }
                    } catch let error {
                        outcome.error = error
                        return true
                    }
                    outcome.elements.append(element)
                    return stopWhen?(outcome.elements) ?? false
                }
            case .error(let error):
                ended = record { outcome in
                    outcome.error = error
                    return true
                }
            case .completed:
                ended = record { _ in true }
            }
            if ended {
                subscription.dispose()
                waiter.signal()
            }
        }
        subscription.setDisposable(disposable)

        if !waiter.wait(timeout: timeout) {
            _ = record { outcome in
                outcome.error = RxError.timeout
                return true
            }
        }
        subscription.dispose()

        lock.lock()
        defer { lock.unlock() }
        return outcome
    }
}

/// Blocks the calling thread until signalled. On the main thread it keeps the main run loop
/// (and with it the main dispatch queue, which `MainScheduler` uses) running while it waits;
/// elsewhere it sleeps on a condition.
final class BlockingWaiter {
    private let condition = NSCondition()
    private var signalled = false

    func signal() {
        condition.lock()
        signalled = true
        condition.broadcast()
        condition.unlock()
    }

    private var isSignalled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return signalled
    }

    /// Returns false when `timeout` seconds passed first.
    func wait(timeout: TimeInterval?) -> Bool {
        let deadline = timeout.map { Date().addingTimeInterval($0) } ?? Date.distantFuture
        if Thread.isMainThread {
            return waitRunningMainRunLoop(until: deadline)
        }
        condition.lock()
        defer { condition.unlock() }
        while !signalled {
            if !condition.wait(until: deadline) { return signalled }
        }
        return true
    }

    private func waitRunningMainRunLoop(until deadline: Date) -> Bool {
        while !isSignalled {
            let now = Date()
            if now >= deadline { return false }
            // Short slices so a signal from another thread is noticed promptly even when the
            // run loop has nothing to wake it.
            let slice = min(deadline, now.addingTimeInterval(0.005))
            if !RunLoop.main.run(mode: .default, before: slice) {
                // The run loop had no sources to wait on: sleep on the condition instead.
                condition.lock()
                if !signalled { _ = condition.wait(until: slice) }
                condition.unlock()
            }
        }
        return true
    }
}
