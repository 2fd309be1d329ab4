/// Holds a current value: each subscriber first gets the latest element (or the terminal event).
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, SynchronizedUnsubscribeType, Cancelable {
    public typealias SubjectObserverType = BehaviorSubject<Element>
    typealias Observers = ReceiverBag<Element>
    typealias DisposeKey = BagKey

    private let lock = RecursiveLock()
    private var disposed = false
    private var element: Element
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
    private var stoppedEvent: Event<Element>?

    #if DEBUG
    private let synchronizationTracker = SynchronizationTracker()
    #endif

    public var hasObservers: Bool { lock.performLocked { observers.count > 0 } }

    public var isDisposed: Bool { disposed }

    public init(value: Element) {
        self.element = value
        super.init()
    }

    /// The latest element. Throws the terminal error if the subject failed, or
    /// `RxError.disposed` if it was disposed.
    public func value() throws -> Element {
        lock.lock(); defer { lock.unlock() }
        if disposed { throw RxError.disposed(object: self) }
        if let error = stoppedEvent?.error { throw error }
        return element
    }

    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): onNext(element)
        case .error, .completed:
            #if DEBUG
            synchronizationTracker.register(synchronizationErrorMessage: .default)
            defer { synchronizationTracker.unregister() }
            #endif
            synchronized_terminate(event).on(event)
        }
    }

    /// Stores `element` as the current value and sends it to every subscriber, without an `Event`.
    public func onNext(_ element: Element) {
        #if DEBUG
        synchronizationTracker.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker.unregister() }
        #endif
        synchronized_next(element).next(element)
    }

    public func onError(_ error: Swift.Error) {
        on(.error(error))
    }

    public func onCompleted() {
        on(.completed)
    }

    private func synchronized_next(_ element: Element) -> Observers {
        lock.lock(); defer { lock.unlock() }
        if stoppedEvent != nil || disposed { return Observers() }
        self.element = element
        return observers
    }

    private func synchronized_terminate(_ event: Event<Element>) -> Observers {
        lock.lock(); defer { lock.unlock() }
        if stoppedEvent != nil || disposed { return Observers() }
        stoppedEvent = event
        return observers
    }

    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribeReceiver(observer.asReceiver())
    }

    override func subscribeReceiver(_ observer: Receiver<Element>) -> Disposable {
        // Decided under the lock, delivered after it: the current value goes to user code, which
        // must not run while this subject's lock is held (see ReplayingObserver).
        lock.lock()
        if disposed {
            lock.unlock()
            observer.receiveError(RxError.disposed(object: self))
            return Disposables.create()
        }
        if let stoppedEvent {
            lock.unlock()
            observer.on(stoppedEvent)
            return Disposables.create()
        }
        let current = element
        let replaying = ReplayingObserver(observer, lock: lock)
        let key = observers.insert(replaying)
        lock.unlock()
        replaying.replay(current)
        return SubscriptionDisposable(owner: self, key: key)
    }

    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        lock.performLocked {
            if disposed { return }
            observers.removeKey(disposeKey)
        }
    }

    public func asObserver() -> BehaviorSubject<Element> { self }

    public func dispose() {
        lock.performLocked {
            disposed = true
            observers.removeAll()
            stoppedEvent = nil
        }
    }
}
