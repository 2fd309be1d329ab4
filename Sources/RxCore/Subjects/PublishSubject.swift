/// Multicasts each event to the observers subscribed at the time. Late subscribers only get
/// the terminal event, if there was one.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, Cancelable, ObserverType, SynchronizedUnsubscribeType {
    public typealias SubjectObserverType = PublishSubject<Element>
    typealias Observers = ReceiverBag<Element>
    typealias DisposeKey = BagKey

    private let lock = RecursiveLock()
    private var disposed = false
    #if TRACE_RESOURCES
    // Reports what holds a leaked subscription: the observer list of a subject still alive.
    private var observers = Observers() {
        didSet { SubjectActivity.observerCountChanged(self, to: observers.count) }
    }
    #else
    private var observers = Observers()
    #endif
    #if TRACE_RESOURCES
    // The activity table holds no reference to the subject: forget it here.
    deinit {
        SubjectActivity.subjectDeinitialized(self)
    }
    #endif
    private var stopped = false
    private var stoppedEvent: Event<Element>?

    #if DEBUG
    private let synchronizationTracker = SynchronizationTracker()
    #endif

    /// Whether anyone is subscribed.
    public var hasObservers: Bool { lock.performLocked { observers.count > 0 } }

    public var isDisposed: Bool { disposed }

    public override init() {
        super.init()
    }

    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): onNext(element)
        case .error, .completed: terminate(event)
        }
    }

    /// Sends `element` to every subscriber: no `Event` is built (see `ReceiverBag`).
    public func onNext(_ element: Element) {
        #if DEBUG
        synchronizationTracker.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker.unregister() }
        #endif
        synchronized_next().next(element)
    }

    public func onError(_ error: Swift.Error) {
        terminate(.error(error))
    }

    public func onCompleted() {
        terminate(.completed)
    }

    private func terminate(_ event: Event<Element>) {
        #if DEBUG
        synchronizationTracker.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker.unregister() }
        #endif
        synchronized_terminate(event).on(event)
    }

    private func synchronized_next() -> Observers {
        lock.lock(); defer { lock.unlock() }
        if disposed || stopped {
            #if DEBUG || TRACE_RESOURCES
            if !disposed { reportNextAfterTerminal(receiver: "a PublishSubject") }
            #endif
            return Observers()
        }
        return observers
    }

    private func synchronized_terminate(_ event: Event<Element>) -> Observers {
        lock.lock(); defer { lock.unlock() }
        if stoppedEvent == nil {
            stoppedEvent = event
            stopped = true
            let current = observers
            observers.removeAll()
            return current
        }
        return Observers()
    }

    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribeReceiver(observer.asReceiver())
    }

    override func subscribeReceiver(_ observer: Receiver<Element>) -> Disposable {
        // A stopped or disposed subject's terminal event goes to the subscriber after the lock
        // is released: it runs user code (docs/lock-audit.md).
        lock.lock()
        if let stoppedEvent {
            lock.unlock()
            observer.on(stoppedEvent)
            return Disposables.create()
        }
        if disposed {
            lock.unlock()
            observer.receiveError(RxError.disposed(object: self))
            return Disposables.create()
        }
        let key = observers.insert(observer)
        lock.unlock()
        return SubscriptionDisposable(owner: self, key: key)
    }

    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        lock.performLocked { observers.removeKey(disposeKey) }
    }

    public func asObserver() -> PublishSubject<Element> { self }

    /// Releases the observers; later subscriptions fail with `RxError.disposed`.
    public func dispose() {
        lock.performLocked {
            disposed = true
            observers.removeAll()
            stoppedEvent = nil
        }
    }
}
