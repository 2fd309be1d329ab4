import Foundation

/// A count bumped on scheduler threads (completions, ticks) while the scenario waits for it on
/// the main thread. A plain captured `var` would be a data race (ThreadSanitizer reports it in
/// the scenario, which `make tsan` runs as a child process), so the count sits behind a lock.
final class SharedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
