/// Replays buffered elements (all, or the last `bufferSize`) to every new subscriber, then the
/// terminal event if there was one.
public class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Disposable {
    public typealias SubjectObserverType = ReplaySubject<Element>

    /// Whether anyone is subscribed.
    public var hasObservers: Bool { rxAbstractMethod() }

    public var isDisposed: Bool { rxAbstractMethod() }

    public func on(_ event: Event<Element>) { rxAbstractMethod() }

    /// Sends `element` to every subscriber and buffers it. A method of the class (not only
    /// `ObserverType`'s `on(.next(element))`), so that no `Event` is built and switched over in
    /// RxCore's unspecialised code, a generic-metadata look-up per element there.
    public func onNext(_ element: Element) { rxAbstractMethod() }

    public func asObserver() -> ReplaySubject<Element> { self }

    public func dispose() {}

    /// A subject that replays at most `bufferSize` elements.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        ReplayBuffer(bufferSize: bufferSize)
    }

    /// A subject that replays every element.
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplayBuffer(bufferSize: Int.max)
    }
}

/// The subscribers are kept as their `Receiver`s in a `ReceiverBag` (as `PublishSubject`'s):
/// an element reaches each with one call, no `Event` and no closure per subscriber.
private final class ReplayBuffer<Element>: ReplaySubject<Element>, SynchronizedUnsubscribeType {
    typealias Observers = ReceiverBag<Element>

    private let lock = RecursiveLock()
    private let bufferSize: Int
    // Unchecked exclusivity: `queue`, `head`, `termination` and `observers` are only touched
    // under `lock`, and no access spans a call out (the observers are called after it).
    @exclusivity(unchecked) private var queue: [Element] = []
    @exclusivity(unchecked) private var head = 0
    // Unchecked exclusivity: every access is a single read or write that spans no call out, so
    // none can overlap another on one thread. (`isDisposed` reads it without the lock, a racy
    // read as RxSwift's; the runtime check never looked at other threads anyway.)
    @exclusivity(unchecked) private var disposed = false
    @exclusivity(unchecked) private var termination: SubjectTermination?
    #if TRACE_RESOURCES
    // Reports what holds a leaked subscription: the observer list of a subject still alive.
    // Unchecked exclusivity: only touched under `lock`, and the dynamic checks of the observer's
    // reads cost about 75 instructions per subscribe and per dispose (callgrind, traced).
    @exclusivity(unchecked) private var observers = Observers() {
        didSet { activity.observerCountChanged(to: observers.count, of: self) }
    }
    private let activity = SubjectActivity.Counter()
    #else
    @exclusivity(unchecked) private var observers = Observers()
    #endif
    #if TRACE_RESOURCES
    // The activity table holds no reference to the subject: forget it here.
    deinit {
        activity.subjectDeinitialized()
    }
    #endif
    /// Shared by this subject's subscriptions (see `WeakSubscriptionOwner`); made at the first
    /// subscription, under the lock. Not a `lazy var`, which cannot be marked: unchecked
    /// exclusivity, as only touched under `lock`.
    @exclusivity(unchecked) private var subscriptionOwnerStorage: WeakSubscriptionOwner?

    /// Call under `lock`.
    private var subscriptionOwner: WeakSubscriptionOwner {
        WeakSubscriptionOwner.shared(in: &subscriptionOwnerStorage, for: self)
    }
    private let callCheck = SubjectCallCheck()

    init(bufferSize: Int) {
        self.bufferSize = bufferSize
        super.init()
    }

    override var hasObservers: Bool { lock.performLocked { observers.count > 0 } }

    override var isDisposed: Bool { disposed }

    private func trim() {
        while queue.count - head > bufferSize {
            head += 1
        }
        // Compact occasionally so the array does not grow without bound.
        if head > 64 && head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
    }

    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): onNext(element)
        case .error(let error): terminate(.error(error))
        case .completed: terminate(.completed)
        }
    }

    override func onNext(_ element: Element) {
        callCheck.run { synchronized_next(element).next(element) }
    }

    private func terminate(_ termination: SubjectTermination) {
        callCheck.run { termination.deliver(to: synchronized_terminate(termination)) }
    }

    private func synchronized_next(_ element: Element) -> Observers {
        lock.lock()
        defer { lock.unlock() }
        if disposed || termination != nil { return Observers() }
        queue.append(element)
        trim()
        return observers
    }

    private func synchronized_terminate(_ termination: SubjectTermination) -> Observers {
        lock.lock()
        defer { lock.unlock() }
        if disposed || self.termination != nil { return Observers() }
        self.termination = termination
        trim()
        return observers.takeAll()
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subscribeReceiver(observer.asReceiver())
    }

    override func subscribeReceiver(_ observer: Receiver<Element>) -> Disposable {
        // Decided under the lock, delivered after it: the replay runs user code, which must not
        // run while this subject's lock is held (another thread sending to the subject while
        // holding a lock that code takes would deadlock).
        lock.lock()
        if disposed {
            lock.unlock()
            observer.receiveError(RxError.disposed(object: self))
            return Disposables.create()
        }
        // The elements to replay are `queue[head...]`, read by index (see `Receiver.receiveNext(each:from:)`).
        let queue = self.queue
        let head = self.head
        if let termination {
            lock.unlock()
            observer.receiveNext(each: queue, from: head)
            termination.deliver(to: observer)
            return Disposables.create()
        }
        if head == queue.count {
            let subscription = SubscriptionDisposable(owner: subscriptionOwner, key: observers.bag.insert(observer))
            lock.unlock()
            return subscription
        }
        let replaying = ReplayingObserver(observer, lock: lock)
        let subscription = SubscriptionDisposable(owner: subscriptionOwner, key: observers.bag.insert(replaying))
        lock.unlock()
        replaying.replay(queue, from: head)
        return subscription
    }

    func synchronizedUnsubscribe(_ disposeKey: BagKey) {
        // Through the concrete `Bag<AnyObject>`: see `PublishSubject.synchronizedUnsubscribe`.
        lock.lock()
        if !disposed { observers.bag.removeKey(disposeKey) }
        lock.unlock()
    }

    override func dispose() {
        // The observers and elements are released after the lock, not inside `removeAll`: a
        // deinit they trigger may unsubscribe from (or send to) this subject again.
        let released: (Observers, [Element]) = lock.performLocked {
            disposed = true
            let elements = queue
            queue.removeAll()
            head = 0
            return (observers.takeAll(), elements)
        }
        withExtendedLifetime(released) {}
    }
}

#if TRACE_RESOURCES
extension ReplayBuffer: ObserverCountReporting {
    var observerCountForActivity: Int { activity.observers }
}
#endif
