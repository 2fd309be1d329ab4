import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Called whenever an observer is entered while a previous `on` call is still running (debug
    /// builds, and traced builds of any configuration). RxCore also prints the anomaly in debug
    /// builds, as RxSwift does.
    public static var synchronizationAnomalyHandler: ((SynchronizationAnomaly, String) -> Void)? {
        get {
            anomalyLock.lock()
            defer { anomalyLock.unlock() }
            return _anomalyHandler
        }
        set {
            anomalyLock.lock()
            defer { anomalyLock.unlock() }
            _anomalyHandler = newValue
        }
    }
}

enum SynchronizationErrorMessages: String {
    case variable =
        "Two different threads are trying to assign the same `Variable.value` unsynchronized.\n    This is undefined behavior because the end result (variable value) is nondeterministic and depends on the \n    operating system thread scheduler. This will cause random behavior of your program.\n"
    case `default` =
        "Two different unsynchronized threads are trying to send some event simultaneously.\n    This is undefined behavior because the ordering of the effects caused by these events is nondeterministic and depends on the \n    operating system thread scheduler. This will result in a random behavior of your program.\n"
}

/// Detects overlapping `on` calls into one observer (the Rx grammar forbids them), stored
/// inline in its owner: two words, plain atomic loads and stores, no lock.
///
/// It sees an overlap whenever one call is inside `on` when another begins: a re-entrant call
/// on the same thread always, a second thread whenever the first one is still inside. Two
/// threads entering within the same few nanoseconds can both see the observer free and go
/// unreported; that trade keeps the check cheap enough for traced release builds.
struct OverlapTracker: ~Copyable, @unchecked Sendable {
    /// Set by an overlapping thread so that the thread inside knows, as it leaves, to capture
    /// its side of the anomaly.
    static let overlappedFlag: UInt64 = 1 << 63

    /// The thread inside `on` (a `threadToken`, 0 when none), plus `overlappedFlag`.
    private let owner = Atomic<UInt64>(0)
    /// Re-entrant depth of the owner; only the owner touches it.
    private let depth = Atomic<Int>(0)

    enum Entry {
        /// This call is inside `on`; call `leave` with the entry.
        case entered
        /// A re-entrant call on the thread already inside.
        case reentered(owner: UInt64)
        /// Another thread is inside; this call is not tracked.
        case overlapped(owner: UInt64)
    }

    @inline(__always)
    func enter(_ token: UInt64) -> Entry {
        let current = owner.load(ordering: .acquiring)
        if current == 0 {
            owner.store(token, ordering: .releasing)
            depth.store(1, ordering: .relaxed)
            return .entered
        }
        let inside = current & ~Self.overlappedFlag
        if Self.sameThread(inside, token) {
            depth.store(depth.load(ordering: .relaxed) + 1, ordering: .relaxed)
            return .reentered(owner: inside)
        }
        owner.bitwiseOr(Self.overlappedFlag, ordering: .relaxed)
        return .overlapped(owner: inside)
    }

    /// Leaves `on`. Returns true when another thread overlapped this call meanwhile.
    @inline(__always)
    func leave(_ entry: Entry) -> Bool {
        switch entry {
        case .overlapped:
            return false
        case .entered, .reentered:
            let remaining = depth.load(ordering: .relaxed) - 1
            depth.store(remaining, ordering: .relaxed)
            guard remaining == 0 else { return false }
            let previous = owner.load(ordering: .relaxed)
            owner.store(0, ordering: .releasing)
            return previous & Self.overlappedFlag != 0
        }
    }

    /// The thread inside `on` now (a token), or 0.
    @inline(__always)
    var currentOwner: UInt64 { owner.load(ordering: .acquiring) & ~Self.overlappedFlag }

    /// Marks the owner overlapped, so it captures its stack as it leaves.
    func flagOverlap() { owner.bitwiseOr(Self.overlappedFlag, ordering: .relaxed) }

    /// This thread's token: in traced builds its place (thread index and scheduler, so the other
    /// side of an anomaly can be named), otherwise its pthread id.
    @inline(__always)
    static var threadToken: UInt64 {
        #if TRACE_RESOURCES
        return HopThreadState.currentPlace
        #elseif canImport(Darwin)
        return UInt64(UInt(bitPattern: pthread_self()))
        #else
        return UInt64(pthread_self())
        #endif
    }

    @inline(__always)
    static func sameThread(_ a: UInt64, _ b: UInt64) -> Bool {
        #if TRACE_RESOURCES
        return (a >> 32) == (b >> 32)
        #else
        return a == b
        #endif
    }
}

/// RxSwift's tracker, for observers that keep one as an object in debug builds (subjects,
/// `create`, `share`, the closure of `subscribe(onNext:…)`): exact, under a lock, per thread.
@usableFromInline
final class SynchronizationTracker {
    private let lock = NSRecursiveLock()
    private var threads: [UnsafeMutableRawPointer: Int] = [:]

    @usableFromInline
    init() {}

    func register(synchronizationErrorMessage: SynchronizationErrorMessages) {
        lock.lock()
        defer { lock.unlock() }
        let pointer = Unmanaged.passUnretained(Thread.current).toOpaque()
        let count = (threads[pointer] ?? 0) + 1
        if count > 1 {
            reportOverlapSlow(.reentrancy, owner: 0, message: synchronizationErrorMessage, stage: 0)
        }
        threads[pointer] = count
        if threads.count > 1 {
            reportOverlapSlow(.synchronization, owner: 0, message: synchronizationErrorMessage, stage: 0)
        }
    }

    func unregister() {
        lock.lock()
        defer { lock.unlock() }
        let pointer = Unmanaged.passUnretained(Thread.current).toOpaque()
        let count = (threads[pointer] ?? 1) - 1
        if count == 0 {
            threads[pointer] = nil
        } else {
            threads[pointer] = count
        }
    }

    /// Runs `body` as one `on` call of the observer this tracker guards.
    func tracking(_ body: () -> Void) {
        register(synchronizationErrorMessage: .default)
        defer { unregister() }
        body()
    }
}

/// Reports an overlap `entry` found: prints RxSwift's text (debug builds), calls
/// `Hooks.synchronizationAnomalyHandler`, and in traced builds records anomaly 1 at `stage`.
@inline(__always)
func reportOverlap(_ entry: OverlapTracker.Entry, message: SynchronizationErrorMessages, stage: UInt32) {
    switch entry {
    case .entered:
        return
    case .reentered(let owner):
        reportOverlapSlow(.reentrancy, owner: owner, message: message, stage: stage)
    case .overlapped(let owner):
        reportOverlapSlow(.synchronization, owner: owner, message: message, stage: stage)
    }
}

@inline(never)
func reportOverlapSlow(
    _ anomaly: SynchronizationAnomaly,
    owner: UInt64,
    message: SynchronizationErrorMessages,
    stage: UInt32
) {
    let text: String
    switch anomaly {
    case .reentrancy:
        text =
            "⚠️ Reentrancy anomaly was detected.\n  > Debugging: To debug this issue you can set a breakpoint in \(#file):\(#line) and observe the call stack.\n  > Problem: This behavior is breaking the observable sequence grammar. `next (error | completed)?`\n    This behavior breaks the grammar because there is overlapping between sequence events.\n    Observable sequence is trying to send an event before sending of previous event has finished.\n  > Interpretation: This could mean that there is some kind of unexpected cyclic dependency in your code,\n    or that the system is not behaving in the expected way.\n  > Remedy: If this is the expected behavior this message can be suppressed by adding `.observe(on:MainScheduler.asyncInstance)`\n    or by enqueuing sequence events in some other way.\n"
    case .synchronization:
        text =
            "⚠️ Synchronization anomaly was detected.\n  > Debugging: To debug this issue you can set a breakpoint in \(#file):\(#line) and observe the call stack.\n  > Problem: This behavior is breaking the observable sequence grammar. `next (error | completed)?`\n    This behavior breaks the grammar because there is overlapping between sequence events.\n    Observable sequence is trying to send an event before sending of previous event has finished.\n  > Interpretation: "
            + message.rawValue
            + "  > Remedy: If this is the expected behavior this message can be suppressed by adding `.observe(on:MainScheduler.asyncInstance)`\n    or by synchronizing sequence events in some other way.\n"
    }
    #if TRACE_RESOURCES
    if stage != 0 {
        ThreadAnomalyLog.record(
            .overlappingOn,
            stage: stage,
            place: HopThreadState.currentPlace,
            otherPlace: owner,
            detail: anomaly == .reentrancy
                ? "re-entrant on call (the same thread was already inside on)" : "two threads inside on at once"
        )
    }
    #endif
    Hooks.synchronizationAnomalyHandler?(anomaly, text)
    warnAboutThreadAnomaly(text)
}
