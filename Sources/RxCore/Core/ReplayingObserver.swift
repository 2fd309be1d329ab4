import Synchronization

/// Stands in for a new subscriber of a subject or share that replays stored elements, so the
/// replay can run after the owner released its lock.
///
/// The owner inserts this observer into its observer list under its lock (so the subscriber
/// counts, and misses nothing sent from then on), releases the lock, and calls `replay`. Events
/// the owner sends while the replay runs are queued here and delivered after it, in order; once
/// the queue is drained the observer forwards directly. So the subscriber sees the replay, then
/// every later event, never two at once and nothing after a terminal event, and no user code
/// runs under the owner's lock (where it could take a lock another thread holds while that
/// thread waits for the owner: RxSwift's ReplaySubject and share(replay:) deadlocks).
final class ReplayingObserver<Element>: Receiver<Element>, @unchecked Sendable {
    private let observer: Receiver<Element>
    /// Set while the replay or the queue drain runs. Read without the lock on the fast path;
    /// cleared under `lock` once the queue is empty.
    private let replaying = Atomic<Bool>(true)
    /// The owner's lock, taken here only for a moment and never around a call out: a lock of
    /// its own would cost every replayed subscriber more allocations (NSRecursiveLock), and a
    /// `Mutex` is invisible to ThreadSanitizer on Linux (futex-based).
    private let lock: RecursiveLock
    // Guarded by `lock`: what arrived during the replay, and whether a terminal event was
    // delivered from the queue. The queue is an object made only when something arrives during
    // the replay: a stored `[Event<Element>]`, even empty, made RxCore's unspecialised code look
    // up the metadata of `Event<Element>` and of its array for every replayed subscriber.
    @exclusivity(unchecked) private var pending: PendingEvents<Element>?
    @exclusivity(unchecked) private var stopped = false

    init(_ observer: Receiver<Element>, lock: RecursiveLock) {
        self.observer = observer
        self.lock = lock
    }

    // Once the replay is over, events go straight through, element-level.

    override func receiveNext(_ element: Element) {
        if !replaying.load(ordering: .acquiring) {
            observer.receiveNext(element)
            return
        }
        queueOrForwardNext(element)
    }

    /// Out of line, so that the direct path above never touches `Event<Element>`: with the
    /// event built in `receiveNext`, its generic metadata was looked up on every element.
    @inline(never)
    private func queueOrForwardNext(_ element: Element) {
        queueOrForward(.next(element))
    }

    override func receiveError(_ error: Swift.Error) {
        if !replaying.load(ordering: .acquiring) {
            observer.receiveError(error)
            return
        }
        queueOrForward(.error(error))
    }

    override func receiveCompleted() {
        if !replaying.load(ordering: .acquiring) {
            observer.receiveCompleted()
            return
        }
        queueOrForward(.completed)
    }

    private func queueOrForward(_ event: Event<Element>) {
        let forwardNow: Bool = lock.performLocked {
            if stopped { return false }
            if replaying.load(ordering: .relaxed) {
                if let pending {
                    pending.events.append(event)
                } else {
                    pending = PendingEvents(event)
                }
                return false
            }
            return true
        }
        if forwardNow { observer.on(event) }
    }

    /// Delivers `elements[start...]`, then what was queued meanwhile. Call without holding the
    /// owner's lock.
    func replay(_ elements: [Element], from start: Int) {
        observer.receiveNext(each: elements, from: start)
        drain()
    }

    /// Delivers `element`, then what was queued meanwhile. Call without holding the owner's lock.
    func replay(_ element: Element) {
        observer.receiveNext(element)
        drain()
    }

    private func drain() {
        // Nothing arrived during the replay (the usual case): forward directly from now on.
        let drained: Bool = lock.performLocked {
            if pending != nil { return false }
            replaying.store(false, ordering: .releasing)
            return true
        }
        if drained { return }
        deliverPending()
    }

    /// Out of line, so that `drain`'s usual path has no `Event<Element>` local: its metadata
    /// (and its optional's) was looked up for every replayed subscriber.
    @inline(never)
    private func deliverPending() {
        var next = 0
        while true {
            let event: Event<Element>? = lock.performLocked {
                if let pending, next < pending.events.count {
                    defer { next += 1 }
                    return pending.events[next]
                }
                pending = nil
                replaying.store(false, ordering: .releasing)
                return nil
            }
            guard let event else { return }
            if event.isStopEvent {
                // Nothing may follow a terminal event: drop whatever else was queued, and keep
                // later events on the locked path, where `stopped` drops them.
                lock.performLocked {
                    stopped = true
                    pending = nil
                }
                observer.on(event)
                return
            }
            observer.on(event)
        }
    }
}

/// The events a `ReplayingObserver` queued while its replay ran.
private final class PendingEvents<Element> {
    var events: [Event<Element>]

    init(_ first: Event<Element>) {
        events = [first]
    }
}
