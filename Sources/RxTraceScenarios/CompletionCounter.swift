import Foundation

/// Counts completions that arrive on scheduler threads while the scenario waits on the main
/// thread. A plain captured `var` would be a data race (ThreadSanitizer reports it in the
/// scenario, which `make tsan` runs as a child process), so the count sits behind a lock.
final class CompletionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func complete() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var completed: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
