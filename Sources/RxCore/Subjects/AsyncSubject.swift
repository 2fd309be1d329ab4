/// Emits only the last element, and only when the source completes.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, SynchronizedUnsubscribeType {
    public typealias SubjectObserverType = AsyncSubject<Element>
    typealias Observers = Bag<(Event<Element>) -> Void>

    private let lock = RecursiveLock()
    #if TRACE_RESOURCES
    // Reports what holds a leaked subscription: the observer list of a subject still alive.
    // Unchecked exclusivity: only touched under `lock`, and the dynamic checks of the observer's
    // reads cost about 75 instructions per subscribe and per dispose (callgrind, traced).
    @exclusivity(unchecked) private var observers = Observers() {
        didSet { if activity.observerCountChanged(to: observers.count) { SubjectActivity.enter(self) } }
    }
    private let activity = SubjectActivity.Counter()
    #else
    private var observers = Observers()
    #endif
    #if TRACE_RESOURCES
    // The activity table holds no reference to the subject: forget it here.
    deinit {
        activity.subjectDeinitialized(self)
    }
    #endif
    private var isStopped = false
    private var stoppedEvent: Event<Element>? {
        didSet { isStopped = stoppedEvent != nil }
    }
    private var lastElement: Element?

    #if DEBUG
    private let synchronizationTracker = SynchronizationTracker()
    #endif

    public var hasObservers: Bool { lock.performLocked { observers.count > 0 } }

    public override init() {
        super.init()
    }

    public func on(_ event: Event<Element>) {
        #if DEBUG
        synchronizationTracker.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker.unregister() }
        #endif
        let (observers, event) = synchronized_on(event)
        switch event {
        case .next:
            dispatch(observers, event)
            dispatch(observers, .completed)
        case .completed, .error:
            dispatch(observers, event)
        }
    }

    private func synchronized_on(_ event: Event<Element>) -> (Observers, Event<Element>) {
        lock.lock(); defer { lock.unlock() }
        if isStopped { return (Observers(), .completed) }
        switch event {
        case .next(let element):
            lastElement = element
            return (Observers(), .completed)
        case .error:
            stoppedEvent = event
            let current = observers
            observers.removeAll()
            return (current, event)
        case .completed:
            let current = observers
            observers.removeAll()
            if let lastElement {
                stoppedEvent = .next(lastElement)
                return (current, .next(lastElement))
            }
            stoppedEvent = event
            return (current, .completed)
        }
    }

    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        // A stopped subject's last element and terminal event go to the subscriber after the
        // lock is released: they run user code (docs/lock-audit.md).
        lock.lock()
        if let stoppedEvent {
            lock.unlock()
            switch stoppedEvent {
            case .next:
                observer.on(stoppedEvent)
                observer.on(.completed)
            case .completed:
                observer.on(.completed)
            case .error:
                observer.on(stoppedEvent)
            }
            return Disposables.create()
        }
        let key = observers.insert(observer.on)
        lock.unlock()
        return SubscriptionDisposable(owner: self, key: key)
    }

    @usableFromInline
    func synchronizedUnsubscribe(_ disposeKey: BagKey) {
        lock.performLocked { _ = observers.removeKey(disposeKey) }
    }

    public func asObserver() -> AsyncSubject<Element> { self }
}

#if TRACE_RESOURCES
extension AsyncSubject: ObserverCountReporting {
    var observerCountForActivity: Int { activity.observers }
}
#endif
