import Foundation

/// Holds a current value: each subscriber first gets the latest element (or the terminal event).
/// `onNext` and `on` are `@inlinable` for the reason `PublishSubject`'s are.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType,
    SynchronizedUnsubscribeType, Cancelable
{
    public typealias SubjectObserverType = BehaviorSubject<Element>
    @usableFromInline typealias Observers = ReceiverBag<Element>

    @usableFromInline let lock = RecursiveLock()
    // Unchecked exclusivity: every access is a single read or write that spans no call out, so
    // none can overlap another on one thread. (`isDisposed` reads it without the lock, a racy
    // read as RxSwift's; the runtime check never looked at other threads anyway.)
    @exclusivity(unchecked) @usableFromInline var disposed = false
    // Unchecked exclusivity, `element` and the untraced `observers` below: only touched under
    // `lock` (`init` aside), and no access spans a call out (the observers are called, and the
    // value delivered, after it).
    @exclusivity(unchecked) @usableFromInline var element: Element
    #if TRACE_RESOURCES
    // Reports what holds a leaked subscription: the observer list of a subject still alive.
    // Unchecked exclusivity: only touched under `lock`, and the dynamic checks of the observer's
    // reads cost about 75 instructions per subscribe and per dispose (callgrind, traced).
    @exclusivity(unchecked) @usableFromInline var observers = Observers() {
        didSet { activity.observerCountChanged(to: observers.count, of: self) }
    }
    private let activity = SubjectActivity.Counter()
    #else
    @exclusivity(unchecked) @usableFromInline var observers = Observers()
    #endif
    #if TRACE_RESOURCES
    // The activity table holds no reference to the subject: forget it here.
    deinit {
        activity.subjectDeinitialized()
    }
    #endif
    /// Unchecked exclusivity: only touched under `lock`, and no access spans a call out.
    @exclusivity(unchecked) @usableFromInline var termination: SubjectTermination?
    /// Shared by this subject's subscriptions (see `WeakSubscriptionOwner`); made at the first
    /// subscription, under the lock. Not a `lazy var`, which cannot be marked: unchecked
    /// exclusivity, as only touched under `lock`.
    @exclusivity(unchecked) @usableFromInline var subscriptionOwnerStorage: WeakSubscriptionOwner?

    /// Call under `lock`.
    @inlinable var subscriptionOwner: WeakSubscriptionOwner {
        WeakSubscriptionOwner.shared(in: &subscriptionOwnerStorage, for: self)
    }

    @usableFromInline let callCheck = SubjectCallCheck()

    public var hasObservers: Bool { lock.performLocked { observers.count > 0 } }

    public var isDisposed: Bool { disposed }

    public init(value: Element) {
        self.element = value
        super.init()
    }

    /// The latest element. Throws the terminal error if the subject failed, or
    /// `RxError.disposed` if it was disposed.
    public func value() throws -> Element {
        lock.lock()
        defer { lock.unlock() }
        if disposed { throw RxError.disposed(object: self) }
        if let error = termination?.error { throw error }
        return element
    }

    @inlinable
    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): onNext(element)
        case .error(let error): terminate(.error(error))
        case .completed: terminate(.completed)
        }
    }

    /// Stores `element` as the current value and sends it to every subscriber, without an `Event`.
    @inlinable
    public func onNext(_ element: Element) {
        callCheck.run { synchronized_next(element).next(element) }
    }

    // `onError` and `onCompleted` are `ObserverType`'s: `on` with the event.

    @usableFromInline
    func terminate(_ termination: SubjectTermination) {
        callCheck.run { termination.deliver(to: synchronized_terminate(termination)) }
    }

    @inlinable
    func synchronized_next(_ element: Element) -> Observers {
        lock.lock()
        defer { lock.unlock() }
        if termination != nil || disposed { return Observers() }
        self.element = element
        return observers
    }

    private func synchronized_terminate(_ termination: SubjectTermination) -> Observers {
        lock.lock()
        defer { lock.unlock() }
        if self.termination != nil || disposed { return Observers() }
        self.termination = termination
        return observers
    }

    @inlinable
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subscribeReceiver(observer.asReceiver())
    }

    @usableFromInline
    override func subscribeReceiver(_ observer: Receiver<Element>) -> Disposable {
        // Decided under the lock, delivered after it: the current value goes to user code, which
        // must not run while this subject's lock is held (see ReplayingObserver).
        lock.lock()
        if disposed {
            lock.unlock()
            observer.receiveError(RxError.disposed(object: self))
            return Disposables.create()
        }
        if let termination {
            lock.unlock()
            termination.deliver(to: observer)
            return Disposables.create()
        }
        let current = element
        let replaying = ReplayingObserver(observer, lock: lock)
        let subscription = SubscriptionDisposable(owner: subscriptionOwner, key: observers.bag.insert(replaying))
        lock.unlock()
        replaying.replay(current)
        return subscription
    }

    @usableFromInline
    func synchronizedUnsubscribe(_ disposeKey: BagKey) {
        // Through the concrete `Bag<AnyObject>`: see `PublishSubject.synchronizedUnsubscribe`.
        lock.lock()
        if !disposed { observers.bag.removeKey(disposeKey) }
        lock.unlock()
    }

    public func asObserver() -> BehaviorSubject<Element> { self }

    public func dispose() {
        // The observers are released after the lock, not inside `removeAll`: a deinit they
        // trigger may unsubscribe from this subject again.
        let released: Observers = lock.performLocked {
            disposed = true
            termination = nil
            return observers.takeAll()
        }
        withExtendedLifetime(released) {}
    }
}

#if TRACE_RESOURCES
extension BehaviorSubject: ObserverCountReporting {
    var observerCountForActivity: Int { activity.observers }
}
#endif
