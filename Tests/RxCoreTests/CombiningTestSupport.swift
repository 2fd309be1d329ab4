import Foundation

/// A thread-safe counter for the concurrency tests of the combining operators.
final class CombiningTestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0

    /// Adds one and returns the previous value.
    @discardableResult
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        current += 1
        return current - 1
    }

    @discardableResult
    func decrement() -> Int {
        lock.lock()
        defer { lock.unlock() }
        current -= 1
        return current + 1
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return current
    }
}
