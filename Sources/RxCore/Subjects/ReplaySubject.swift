/// Replays buffered elements (all, or the last `bufferSize`) to every new subscriber, then the
/// terminal event if there was one.
public class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Disposable {
    public typealias SubjectObserverType = ReplaySubject<Element>

    /// Whether anyone is subscribed.
    public var hasObservers: Bool { rxAbstractMethod() }

    public var isDisposed: Bool { rxAbstractMethod() }

    public func on(_ event: Event<Element>) { rxAbstractMethod() }

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

private final class ReplayBuffer<Element>: ReplaySubject<Element>, SynchronizedUnsubscribeType {
    typealias Observers = Bag<(Event<Element>) -> Void>

    private let lock = RecursiveLock()
    private let bufferSize: Int
    private var queue: [Element] = []
    private var head = 0
    private var disposed = false
    private var stoppedEvent: Event<Element>?
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

    #if DEBUG
    private let synchronizationTracker = SynchronizationTracker()
    #endif

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
        #if DEBUG
        synchronizationTracker.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker.unregister() }
        #endif
        dispatch(synchronized_on(event), event)
    }

    private func synchronized_on(_ event: Event<Element>) -> Observers {
        lock.lock(); defer { lock.unlock() }
        if disposed || stoppedEvent != nil { return Observers() }
        switch event {
        case .next(let element):
            queue.append(element)
            trim()
            return observers
        case .error, .completed:
            stoppedEvent = event
            trim()
            let current = observers
            observers.removeAll()
            return current
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        // Decided under the lock, delivered after it: the replay runs user code, which must not
        // run while this subject's lock is held (another thread sending to the subject while
        // holding a lock that code takes would deadlock).
        lock.lock()
        if disposed {
            lock.unlock()
            observer.on(.error(RxError.disposed(object: self)))
            return Disposables.create()
        }
        let replayed = queue[head...]
        if let stoppedEvent {
            lock.unlock()
            for element in replayed { observer.on(.next(element)) }
            observer.on(stoppedEvent)
            return Disposables.create()
        }
        if replayed.isEmpty {
            let key = observers.insert(observer.on)
            lock.unlock()
            return SubscriptionDisposable(owner: self, key: key)
        }
        let replaying = ReplayingObserver(observer.asReceiver(), lock: lock)
        let key = observers.insert(replaying.on)
        lock.unlock()
        replaying.replay(replayed)
        return SubscriptionDisposable(owner: self, key: key)
    }

    @usableFromInline
    func synchronizedUnsubscribe(_ disposeKey: BagKey) {
        lock.performLocked {
            if disposed { return }
            _ = observers.removeKey(disposeKey)
        }
    }

    override func dispose() {
        lock.performLocked {
            disposed = true
            observers.removeAll()
            queue.removeAll()
            head = 0
        }
    }
}

#if TRACE_RESOURCES
extension ReplayBuffer: ObserverCountReporting {
    var observerCountForActivity: Int { activity.observers }
}
#endif
