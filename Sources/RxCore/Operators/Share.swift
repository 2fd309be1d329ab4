/// How long `share(replay:scope:)` keeps its replay buffer.
public enum SubjectLifetimeScope {
    /// The buffer lives while at least one subscriber is connected; a new connection after the
    /// last subscriber left (or after the source ended) starts over with a fresh subscription.
    case whileConnected
    /// The buffer lives forever: late subscribers get the replay even after the source ended.
    case forever
}

extension ObservableType {
    /// Shares one subscription to the source between all subscribers, replaying the last
    /// `replay` elements to new ones. The source is subscribed when the first subscriber comes
    /// and disposed when the last one leaves.
    @inlinable
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        switch scope {
        case .forever:
            switch replay {
            case 0: return multicast(PublishSubject()).refCount()
            default: return multicast(ReplaySubject.create(bufferSize: replay)).refCount()
            }
        case .whileConnected:
            switch replay {
            case 0: return ShareWhileConnected.make(source: asObservable(), replay: 0)
            case 1: return ShareWhileConnected.make(source: asObservable(), replay: 1)
            default: return multicast(makeSubject: { ReplaySubject.create(bufferSize: replay) }).refCount()
            }
        }
    }
}

/// One connection of `ShareWhileConnected` to its source: it multicasts to the current
/// observers and replays at most one element.
private final class ShareWhileConnectedConnection<Element>: Receiver<Element>, SynchronizedUnsubscribeType {
    typealias Observers = ReceiverBag<Element>
    typealias DisposeKey = BagKey

    private let parent: ShareWhileConnected<Element>
    private let subscription = SingleAssignmentDisposable()
    private let lock: RecursiveLock
    // Unchecked exclusivity: `disposed`, `observers` and `element` are only touched under `lock`
    // (the parent's), and no access spans a call out (the observers are called, and a removed
    // one released, after it).
    @exclusivity(unchecked) private var disposed = false
    @exclusivity(unchecked) fileprivate var observers = Observers()
    @exclusivity(unchecked) private var element: Element?

    #if DEBUG
    private let synchronizationTracker = SynchronizationTracker()
    #endif

    init(parent: ShareWhileConnected<Element>, lock: RecursiveLock) {
        self.parent = parent
        self.lock = lock
        super.init()
        #if TRACE_RESOURCES
        Resources.track(self, kind: .sink)
        #endif
    }

    // Each entry point takes the observers under the lock and delivers after it, element-level.

    override func receiveNext(_ element: Element) {
        #if DEBUG
        synchronizationTracker.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker.unregister() }
        #endif
        let observers: Observers = lock.performLocked {
            if disposed { return Observers() }
            if parent.replay > 0 { parent.keep(&self.element, element) }
            return self.observers
        }
        observers.next(element)
    }

    override func receiveError(_ error: Swift.Error) {
        #if DEBUG
        synchronizationTracker.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker.unregister() }
        #endif
        synchronized_stop().error(error)
    }

    override func receiveCompleted() {
        #if DEBUG
        synchronizationTracker.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker.unregister() }
        #endif
        synchronized_stop().completed()
    }

    /// On a terminal event: the observers to deliver it to (none once disposed), taken and
    /// released under the lock.
    private func synchronized_stop() -> Observers {
        lock.performLocked {
            if disposed { return Observers() }
            let current = observers
            synchronized_dispose()
            return current
        }
    }

    func connect() {
        subscription.setDisposable(parent.source.subscribeReceiver(self))
    }

    /// Adds `observer` (called under `lock`). If there is an element to replay, the observer is
    /// added behind a `ReplayingObserver`, and the caller replays the element after the lock is
    /// released.
    func synchronized_subscribe(
        _ observer: Receiver<Element>
    )
        -> (subscription: Disposable, replay: (observer: ReplayingObserver<Element>, element: Element)?)
    {
        guard let element else {
            let disposeKey = observers.bag.insert(observer)
            return (SubscriptionDisposable(owner: self, key: disposeKey), nil)
        }
        let replaying = ReplayingObserver(observer, lock: lock)
        let disposeKey = observers.bag.insert(replaying)
        return (SubscriptionDisposable(owner: self, key: disposeKey), (replaying, element))
    }

    private func synchronized_dispose() {
        disposed = true
        if parent.connection === self {
            parent.connection = nil
        }
        observers = Observers()
    }

    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        // The removed observer is released after the lock, not inside `removeKey`: its deinit
        // may run code that subscribes or unsubscribes here again.
        let (removed, shouldDisconnect): (AnyObject?, Bool) = lock.performLocked {
            // A key already removed (a second dispose, or the connection ended) changes nothing.
            guard let removed = observers.bag.removeKey(disposeKey) else { return (nil, false) }
            if observers.count == 0 {
                synchronized_dispose()
                return (removed, true)
            }
            return (removed, false)
        }
        withExtendedLifetime(removed) {}
        if shouldDisconnect {
            subscription.dispose()
        }
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}

/// `share(replay: 0 or 1, scope: .whileConnected)` without the subject machinery.
///
/// Keeping the element to replay is a closure written by `make`, which the client inlines:
/// there `Element` is known, where RxCore's own code would look up `Optional<Element>`'s generic
/// metadata to store it, on every element. It captures nothing.
@usableFromInline
final class ShareWhileConnected<Element>: Observable<Element> {
    /// Stores the element to replay in the connection's slot.
    @usableFromInline typealias Keep = (inout Element?, Element) -> Void

    fileprivate let source: Observable<Element>
    fileprivate let replay: Int
    fileprivate let keep: Keep
    private let lock = RecursiveLock()
    // Unchecked exclusivity: only touched under `lock` (here and by the connection, which shares
    // it), and no access spans a call out.
    @exclusivity(unchecked) fileprivate var connection: ShareWhileConnectedConnection<Element>?

    @usableFromInline init(source: Observable<Element>, replay: Int, keep: @escaping Keep) {
        self.source = source
        self.replay = replay
        self.keep = keep
    }

    @inlinable static func make(source: Observable<Element>, replay: Int) -> ShareWhileConnected {
        ShareWhileConnected(source: source, replay: replay, keep: { slot, element in slot = element })
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subscribeReceiver(observer.asReceiver())
    }

    // RxCore's own observers (a subscriber's, a sink) arrive here as they are: through
    // `subscribe`, `asReceiver()`'s cast looked up `Receiver<Element>`'s metadata each time.
    override func subscribeReceiver(_ observer: Receiver<Element>) -> Disposable {
        lock.lock()
        let connection: ShareWhileConnectedConnection<Element>
        if let existing = self.connection {
            connection = existing
        } else {
            connection = ShareWhileConnectedConnection(parent: self, lock: lock)
            self.connection = connection
        }
        let count = connection.observers.count
        let (disposable, replay) = connection.synchronized_subscribe(observer)
        lock.unlock()
        // The cached element is replayed outside the lock (see ReplayingObserver); only a
        // connection that already has observers can have one, so replay and connect exclude
        // each other.
        if let replay {
            replay.observer.replay(replay.element)
        }
        if count == 0 {
            connection.connect()
        }
        return disposable
    }
}
