import Foundation

/// What kind of overlap a `SynchronizationTracker` saw.
public enum SynchronizationAnomaly: String, Sendable {
    /// The same thread called `on` again before its previous call returned.
    case reentrancy
    /// Two threads were inside `on` at the same time.
    case synchronization
}

extension Hooks {
    nonisolated(unsafe) private static var _anomalyHandler: ((SynchronizationAnomaly, String) -> Void)?
    private static let anomalyLock = NSLock()

    /// Called (in debug builds) whenever an observer is entered while a previous `on` call is
    /// still running. RxCore also prints the anomaly, as RxSwift does; the thread report of
    /// rxtrace installs a handler to record them.
    public static var synchronizationAnomalyHandler: ((SynchronizationAnomaly, String) -> Void)? {
        get { anomalyLock.lock(); defer { anomalyLock.unlock() }; return _anomalyHandler }
        set { anomalyLock.lock(); defer { anomalyLock.unlock() }; _anomalyHandler = newValue }
    }
}

enum SynchronizationErrorMessages: String {
    case variable = "Two different threads are trying to assign the same `Variable.value` unsynchronized.\n    This is undefined behavior because the end result (variable value) is nondeterministic and depends on the \n    operating system thread scheduler. This will cause random behavior of your program.\n"
    case `default` = "Two different unsynchronized threads are trying to send some event simultaneously.\n    This is undefined behavior because the ordering of the effects caused by these events is nondeterministic and depends on the \n    operating system thread scheduler. This will result in a random behavior of your program.\n"
}

/// Detects overlapping `on` calls on one observer (the Rx grammar forbids them).
final class SynchronizationTracker {
    private let lock = NSRecursiveLock()
    private var threads: [UnsafeMutableRawPointer: Int] = [:]

    private func report(_ anomaly: SynchronizationAnomaly, _ message: String) {
        print(message)
        Hooks.synchronizationAnomalyHandler?(anomaly, message)
    }

    func register(synchronizationErrorMessage: SynchronizationErrorMessages) {
        lock.lock(); defer { lock.unlock() }
        let pointer = Unmanaged.passUnretained(Thread.current).toOpaque()
        let count = (threads[pointer] ?? 0) + 1
        if count > 1 {
            report(.reentrancy, "⚠️ Reentrancy anomaly was detected.\n  > Debugging: To debug this issue you can set a breakpoint in \(#file):\(#line) and observe the call stack.\n  > Problem: This behavior is breaking the observable sequence grammar. `next (error | completed)?`\n    This behavior breaks the grammar because there is overlapping between sequence events.\n    Observable sequence is trying to send an event before sending of previous event has finished.\n  > Interpretation: This could mean that there is some kind of unexpected cyclic dependency in your code,\n    or that the system is not behaving in the expected way.\n  > Remedy: If this is the expected behavior this message can be suppressed by adding `.observe(on:MainScheduler.asyncInstance)`\n    or by enqueuing sequence events in some other way.\n")
        }
        threads[pointer] = count
        if threads.count > 1 {
            report(.synchronization, "⚠️ Synchronization anomaly was detected.\n  > Debugging: To debug this issue you can set a breakpoint in \(#file):\(#line) and observe the call stack.\n  > Problem: This behavior is breaking the observable sequence grammar. `next (error | completed)?`\n    This behavior breaks the grammar because there is overlapping between sequence events.\n    Observable sequence is trying to send an event before sending of previous event has finished.\n  > Interpretation: " + synchronizationErrorMessage.rawValue + "  > Remedy: If this is the expected behavior this message can be suppressed by adding `.observe(on:MainScheduler.asyncInstance)`\n    or by synchronizing sequence events in some other way.\n")
        }
    }

    func unregister() {
        lock.lock(); defer { lock.unlock() }
        let pointer = Unmanaged.passUnretained(Thread.current).toOpaque()
        let count = (threads[pointer] ?? 1) - 1
        if count == 0 {
            threads[pointer] = nil
        } else {
            threads[pointer] = count
        }
    }
}
