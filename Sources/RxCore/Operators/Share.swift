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
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        switch scope {
        case .forever:
            switch replay {
            case 0: return multicast(PublishSubject()).refCount()
            default: return multicast(ReplaySubject.create(bufferSize: replay)).refCount()
            }
        case .whileConnected:
            switch replay {
            case 0: return ShareWhileConnected(source: asObservable(), replay: 0)
            case 1: return ShareWhileConnected(source: asObservable(), replay: 1)
            default: return multicast(makeSubject: { ReplaySubject.create(bufferSize: replay) }).refCount()
            }
        }
    }
}

/// One connection of `ShareWhileConnected` to its source: it multicasts to the current
/// observers and replays at most one element.
private final class ShareWhileConnectedConnection<Element>: Receiver<Element>, SynchronizedUnsubscribeType {
    typealias Observers = Bag<(Event<Element>) -> Void>
    typealias DisposeKey = BagKey

    private let parent: ShareWhileConnected<Element>
    private let subscription = SingleAssignmentDisposable()
    private let lock: RecursiveLock
    private var disposed = false
    fileprivate var observers = Observers()
    private var element: Element?

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

    override func on(_ event: Event<Element>) {
        #if DEBUG
        synchronizationTracker.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker.unregister() }
        #endif
        let observers = lock.performLocked { synchronized_on(event) }
        dispatch(observers, event)
    }

    private func synchronized_on(_ event: Event<Element>) -> Observers {
        if disposed { return Observers() }
        switch event {
        case .next(let element):
            if parent.replay > 0 { self.element = element }
            return observers
        case .error, .completed:
            let current = observers
            synchronized_dispose()
            return current
        }
    }

    func connect() {
        subscription.setDisposable(parent.source.subscribe(self))
    }

    /// Adds `observer` (called under `lock`). If there is an element to replay, the observer is
    /// added behind a `ReplayingObserver`, and the caller replays the element after the lock is
    /// released.
    func synchronized_subscribe<Observer: ObserverType>(_ observer: Observer)
        -> (subscription: Disposable, replay: (observer: ReplayingObserver<Element>, element: Element)?) where Observer.Element == Element {
        guard let element else {
            let disposeKey = observers.insert(observer.on)
            return (SubscriptionDisposable(owner: self, key: disposeKey), nil)
        }
        let replaying = ReplayingObserver(observer.asReceiver(), lock: lock)
        let disposeKey = observers.insert(replaying.on)
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
        let shouldDisconnect: Bool = lock.performLocked {
            if observers.removeKey(disposeKey) == nil { return false }
            if observers.count == 0 {
                synchronized_dispose()
                return true
            }
            return false
        }
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
private final class ShareWhileConnected<Element>: Observable<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let replay: Int
    private let lock = RecursiveLock()
    fileprivate var connection: ShareWhileConnectedConnection<Element>?

    init(source: Observable<Element>, replay: Int) {
        self.source = source
        self.replay = replay
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
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
