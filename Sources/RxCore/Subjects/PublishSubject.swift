import Foundation

/// Multicasts each event to the observers subscribed at the time. Late subscribers only get
/// the terminal event, if there was one.
///
/// The paths a program runs per element and per subscription (`onNext`, `on`, `subscribe`) are
/// `@inlinable`: a package that depends on rxtrace by version builds RxCore without cross-module
/// optimisation, and only inlinable code is specialised for its element type in the client
/// (unspecialised, each call looked up generic metadata at run time). `#if` inside them is
/// decided when RxCore compiles (traced and untraced RxCore are separate builds).
public final class PublishSubject<Element>: Observable<Element>, SubjectType, Cancelable, ObserverType,
    SynchronizedUnsubscribeType
{
    public typealias SubjectObserverType = PublishSubject<Element>
    @usableFromInline typealias Observers = ReceiverBag<Element>

    @usableFromInline let lock = RecursiveLock()
    // Unchecked exclusivity: every access is a single read or write that spans no call out, so
    // none can overlap another on one thread. (`isDisposed` reads it without the lock, a racy
    // read as RxSwift's; the runtime check never looked at other threads anyway.)
    @exclusivity(unchecked) @usableFromInline var disposed = false
    #if TRACE_RESOURCES
    // Reports what holds a leaked subscription: the observer list of a subject still alive.
    // Unchecked exclusivity: only touched under `lock`, and the dynamic checks of the observer's
    // reads cost about 75 instructions per subscribe and per dispose (callgrind, traced).
    @exclusivity(unchecked) @usableFromInline var observers = Observers() {
        didSet { activity.observerCountChanged(to: observers.count, of: self) }
    }
    private let activity = SubjectActivity.Counter()
    #else
    // Unchecked exclusivity: only touched under `lock`, and no access spans a call out (the
    // observers are called after it).
    @exclusivity(unchecked) @usableFromInline var observers = Observers()
    #endif
    #if TRACE_RESOURCES
    // The activity table holds no reference to the subject: forget it here.
    deinit {
        activity.subjectDeinitialized()
    }
    #endif
    /// Set by the terminal event; stays set after `dispose`, which forgets `termination`.
    /// Unchecked exclusivity, both: only touched under `lock`, and no access spans a call out.
    @exclusivity(unchecked) @usableFromInline var stopped = false
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

    /// Whether anyone is subscribed.
    public var hasObservers: Bool { lock.performLocked { observers.count > 0 } }

    public var isDisposed: Bool { disposed }

    public override init() {
        super.init()
    }

    @inlinable
    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): onNext(element)
        case .error(let error): terminate(.error(error))
        case .completed: terminate(.completed)
        }
    }

    /// Sends `element` to every subscriber: no `Event` is built (see `ReceiverBag`).
    @inlinable
    public func onNext(_ element: Element) {
        callCheck.run { synchronized_next().next(element) }
    }

    // `onError` and `onCompleted` are `ObserverType`'s: `on` with the event.

    @usableFromInline
    func terminate(_ termination: SubjectTermination) {
        callCheck.run { termination.deliver(to: synchronized_terminate(termination)) }
    }

    @inlinable
    func synchronized_next() -> Observers {
        lock.lock()
        defer { lock.unlock() }
        if disposed || stopped {
            nextAfterStop()
            return Observers()
        }
        return observers
    }

    /// An element after the terminal event (not after `dispose`) is a grammar violation that
    /// debug and traced builds report.
    @usableFromInline
    func nextAfterStop() {
        #if DEBUG || TRACE_RESOURCES
        if !disposed { reportNextAfterTerminal(receiver: "a PublishSubject") }
        #endif
    }

    private func synchronized_terminate(_ termination: SubjectTermination) -> Observers {
        lock.lock()
        defer { lock.unlock() }
        if self.termination == nil {
            self.termination = termination
            stopped = true
            return observers.takeAll()
        }
        return Observers()
    }

    @inlinable
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subscribeReceiver(observer.asReceiver())
    }

    @inlinable
    override func subscribeReceiver(_ observer: Receiver<Element>) -> Disposable {
        // A stopped or disposed subject's terminal event goes to the subscriber after the lock
        // is released: it runs user code (docs/lock-audit.md).
        lock.lock()
        if let termination {
            lock.unlock()
            termination.deliver(to: observer)
            return Disposables.create()
        }
        if disposed {
            lock.unlock()
            observer.receiveError(RxError.disposed(object: self))
            return Disposables.create()
        }
        let subscription = SubscriptionDisposable(owner: subscriptionOwner, key: observers.insert(observer))
        lock.unlock()
        return subscription
    }

    @usableFromInline
    func synchronizedUnsubscribe(_ disposeKey: BagKey) {
        // Reached through `SubscriptionDisposable`'s protocol call, so never specialised: the
        // bag is changed through its concrete `Bag<AnyObject>` (no `ReceiverBag<Element>`
        // metadata look-up, which the traced build's observed property needed).
        lock.lock()
        observers.bag.removeKey(disposeKey)
        lock.unlock()
    }

    public func asObserver() -> PublishSubject<Element> { self }

    /// Releases the observers; later subscriptions fail with `RxError.disposed`.
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
extension PublishSubject: ObserverCountReporting {
    var observerCountForActivity: Int { activity.observers }
}
#endif
