/// Emits only the last element, and only when the source completes. Subscribers are kept as their
/// `Receiver`s in a `ReceiverBag`, as `PublishSubject`'s are.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, SynchronizedUnsubscribeType {
    public typealias SubjectObserverType = AsyncSubject<Element>
    typealias Observers = ReceiverBag<Element>

    private let lock = RecursiveLock()
    #if TRACE_RESOURCES
    // Reports what holds a leaked subscription: the observer list of a subject still alive.
    // Unchecked exclusivity: only touched under `lock`, and the dynamic checks of the observer's
    // reads cost about 75 instructions per subscribe and per dispose (callgrind, traced).
    @exclusivity(unchecked) private var observers = Observers() {
        didSet { activity.observerCountChanged(to: observers.count, of: self) }
    }
    private let activity = SubjectActivity.Counter()
    #else
    private var observers = Observers()
    #endif
    #if TRACE_RESOURCES
    // The activity table holds no reference to the subject: forget it here.
    deinit {
        activity.subjectDeinitialized()
    }
    #endif
    private var termination: SubjectTermination?
    /// The latest element; after an error, none (it is never delivered then).
    private var lastElement: Element?
    /// Shared by this subject's subscriptions (see `WeakSubscriptionOwner`).
    private lazy var subscriptionOwner = WeakSubscriptionOwner(owner: self)
    private let callCheck = SubjectCallCheck()

    public var hasObservers: Bool { lock.performLocked { observers.count > 0 } }

    public override init() {
        super.init()
    }

    public func on(_ event: Event<Element>) {
        callCheck.run {
            switch event {
            case .next(let element):
                lock.lock()
                if termination == nil { lastElement = element }
                lock.unlock()
            case .error(let error):
                synchronized_terminate(.error(error)).observers.error(error)
            case .completed:
                let (observers, last) = synchronized_terminate(.completed)
                if let last { observers.next(last) }
                observers.completed()
            }
        }
    }

    /// The subscribers to deliver the terminal event to (none if already stopped), and the last
    /// element to send them first (for completion only).
    private func synchronized_terminate(_ termination: SubjectTermination) -> (observers: Observers, last: Element?) {
        lock.lock()
        defer { lock.unlock() }
        if self.termination != nil { return (Observers(), nil) }
        self.termination = termination
        if termination.error != nil { lastElement = nil }
        return (observers.takeAll(), lastElement)
    }

    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subscribeReceiver(observer.asReceiver())
    }

    override func subscribeReceiver(_ observer: Receiver<Element>) -> Disposable {
        // A stopped subject's last element and terminal event go to the subscriber after the
        // lock is released: they run user code (docs/lock-audit.md).
        lock.lock()
        if let termination {
            let last = lastElement
            lock.unlock()
            if let last { observer.receiveNext(last) }
            termination.deliver(to: observer)
            return Disposables.create()
        }
        let subscription = SubscriptionDisposable(owner: subscriptionOwner, key: observers.bag.insert(observer))
        lock.unlock()
        return subscription
    }

    @usableFromInline
    func synchronizedUnsubscribe(_ disposeKey: BagKey) {
        // Through the concrete `Bag<AnyObject>`: see `PublishSubject.synchronizedUnsubscribe`.
        lock.lock()
        observers.bag.removeKey(disposeKey)
        lock.unlock()
    }

    public func asObserver() -> AsyncSubject<Element> { self }
}

#if TRACE_RESOURCES
extension AsyncSubject: ObserverCountReporting {
    var observerCountForActivity: Int { activity.observers }
}
#endif
