/// An observable that only subscribes to its source when `connect()` is called.
public protocol ConnectableObservableType: ObservableType {
    /// Connects the subjects to the source. Disposing the result disconnects.
    func connect() -> Disposable
}

/// Base class of the observables returned by `publish`, `replay` and `multicast`.
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType {
    public func connect() -> Disposable {
        rxAbstractMethod()
    }
}

extension ObservableType {
    /// For each subscription, makes a subject, lets `selector` build a sequence from it, and
    /// connects the source to the subject.
    public func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        Multicast(source: asObservable(), subjectSelector: subjectSelector, selector: selector)
    }

    /// Shares one subscription through a `PublishSubject`, started by `connect()`.
    public func publish() -> ConnectableObservable<Element> {
        multicast { PublishSubject() }
    }

    /// Shares one subscription through a `ReplaySubject` of `bufferSize`, started by `connect()`.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast { ReplaySubject.create(bufferSize: bufferSize) }
    }

    /// Shares one subscription through an unbounded `ReplaySubject`, started by `connect()`.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast { ReplaySubject.createUnbounded() }
    }

    /// Shares one subscription through `subject`, started by `connect()`.
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: { subject })
    }

    /// Shares one subscription through a subject made per connection, started by `connect()`.
    public func multicast<Subject: SubjectType>(
        makeSubject: @escaping () -> Subject
    ) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: makeSubject)
    }
}

extension ConnectableObservableType {
    /// Connects when the first observer subscribes and disconnects when the last one leaves.
    public func refCount() -> Observable<Element> {
        RefCount(source: self)
    }
}

private final class Connection<Subject: SubjectType>: Receiver<Subject.Observer.Element>, Disposable {
    typealias Element = Subject.Observer.Element

    private let lock: RecursiveLock
    private var parent: ConnectableObservableAdapter<Subject>?
    private var subscription: Disposable?
    private let subjectObserver: Subject.Observer
    private let disposed = AtomicInt(0)

    init(
        parent: ConnectableObservableAdapter<Subject>,
        subjectObserver: Subject.Observer,
        lock: RecursiveLock,
        subscription: Disposable
    ) {
        self.parent = parent
        self.subscription = subscription
        self.lock = lock
        self.subjectObserver = subjectObserver
    }

    override func on(_ event: Event<Subject.Observer.Element>) {
        if disposed.isFlagSet(1) { return }
        if event.isStopEvent {
            dispose()
        }
        subjectObserver.on(event)
    }

    func dispose() {
        // Detached under the lock, disposed after it: the source's disposal runs user code.
        let subscription: Disposable? = lock.performLocked {
            disposed.fetchOr(1)
            guard let parent else { return nil }
            if parent.connection === self {
                parent.connection = nil
                parent.subject = nil
            }
            self.parent = nil
            defer { self.subscription = nil }
            return self.subscription
        }
        subscription?.dispose()
    }
}

private final class ConnectableObservableAdapter<Subject: SubjectType>: ConnectableObservable<Subject.Element> {
    private let source: Observable<Subject.Observer.Element>
    private let makeSubject: () -> Subject

    fileprivate let lock = RecursiveLock()
    fileprivate var subject: Subject?
    fileprivate var connection: Connection<Subject>?

    init(source: Observable<Subject.Observer.Element>, makeSubject: @escaping () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
    }

    override func connect() -> Disposable {
        // The connection is made under the lock (a second connect() returns it), the source is
        // subscribed after it: subscribing runs user code. Disposing the connection before the
        // subscription is set disposes the subscription as soon as it is.
        let (connection, sourceSubscription): (Connection<Subject>, SingleAssignmentDisposable?) = lock.performLocked {
            if let existing = self.connection { return (existing, nil) }
            let singleAssignmentDisposable = SingleAssignmentDisposable()
            let connection = Connection(
                parent: self,
                subjectObserver: lazySubject.asObserver(),
                lock: lock,
                subscription: singleAssignmentDisposable
            )
            self.connection = connection
            return (connection, singleAssignmentDisposable)
        }
        sourceSubscription?.setDisposable(source.subscribeReceiver(connection))
        return connection
    }

    private var lazySubject: Subject {
        if let subject { return subject }
        let subject = makeSubject()
        self.subject = subject
        return subject
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Subject.Element {
        let subject: Subject = lock.performLocked { lazySubject }
        return subject.subscribe(observer)
    }
}

private final class RefCountSink<ConnectableSource: ConnectableObservableType>: Sink<
    ConnectableSource.Element, Receiver<ConnectableSource.Element>
>
{
    typealias Parent = RefCount<ConnectableSource>

    private let parent: Parent
    private var connectionIdSnapshot: Int64 = -1

    init(parent: Parent, observer: Receiver<ConnectableSource.Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        let subscription = parent.source.subscribe(self)
        // Counted under the lock; connected and disconnected after it (connecting subscribes
        // the source and disconnecting disposes it, both user code). While the first subscriber
        // connects, `connectableSubscription` is a placeholder, so a disconnect that comes first
        // disposes the connection as soon as it is set.
        let (counted, connecting): (Bool, SingleAssignmentDisposable?) = parent.lock.performLocked {
            connectionIdSnapshot = parent.connectionId
            if isDisposed { return (false, nil) }
            if parent.count == 0 {
                parent.count = 1
                let placeholder = SingleAssignmentDisposable()
                parent.connectableSubscription = placeholder
                return (true, placeholder)
            }
            parent.count += 1
            return (true, nil)
        }
        if !counted {
            return Disposables.create()
        }
        connecting?.setDisposable(parent.source.connect())

        return Disposables.create {
            subscription.dispose()
            let disconnect: Disposable? = self.parent.lock.performLocked {
                if self.parent.connectionId != self.connectionIdSnapshot { return nil }
                if self.parent.count == 1 {
                    self.parent.count = 0
                    defer { self.parent.connectableSubscription = nil }
                    return self.parent.connectableSubscription
                } else if self.parent.count > 1 {
                    self.parent.count -= 1
                    return nil
                } else {
                    rxFatalError("Something went wrong with RefCount disposing mechanism")
                }
            }
            disconnect?.dispose()
        }
    }

    override func receiveNext(_ element: ConnectableSource.Element) {
        forwardNext(element)
    }

    override func receiveError(_ error: Swift.Error) {
        disconnect()
        forwardError(error)
        dispose()
    }

    override func receiveCompleted() {
        disconnect()
        forwardCompleted()
        dispose()
    }

    /// On a terminal event: ends this subscriber's connection (detached under the lock,
    /// disposed after it) unless a newer connection replaced it.
    private func disconnect() {
        parent.lock.lock()
        var connection: Disposable?
        if parent.connectionId == connectionIdSnapshot {
            connection = parent.connectableSubscription
            parent.count = 0
            parent.connectionId = parent.connectionId &+ 1
            parent.connectableSubscription = nil
        }
        parent.lock.unlock()
        connection?.dispose()
    }
}

private final class RefCount<ConnectableSource: ConnectableObservableType>: Producer<ConnectableSource.Element> {
    fileprivate let lock = RecursiveLock()
    fileprivate var count = 0
    fileprivate var connectionId: Int64 = 0
    fileprivate var connectableSubscription: Disposable?
    fileprivate let source: ConnectableSource

    init(source: ConnectableSource) {
        self.source = source
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = RefCountSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}

private final class MulticastSink<Subject: SubjectType, ResultType>: PassThroughSink<ResultType> {
    typealias MutlicastType = Multicast<Subject, ResultType>

    private let parent: MutlicastType

    init(parent: MutlicastType, observer: Receiver<ResultType>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        do {
            let subject = try parent.subjectSelector()
            let connectable = ConnectableObservableAdapter(source: parent.source, makeSubject: { subject })
            let observable = try parent.selector(connectable.asObservable())
            let subscription = observable.subscribeReceiver(self)
            let connection = connectable.connect()
            return Disposables.create(subscription, connection)
        } catch let error {
            forwardError(error)
            dispose()
            return Disposables.create()
        }
    }
}

private final class Multicast<Subject: SubjectType, Result>: Producer<Result> {
    typealias SubjectSelectorType = () throws -> Subject
    typealias SelectorType = (Observable<Subject.Element>) throws -> Observable<Result>

    fileprivate let source: Observable<Subject.Observer.Element>
    fileprivate let subjectSelector: SubjectSelectorType
    fileprivate let selector: SelectorType

    init(
        source: Observable<Subject.Observer.Element>,
        subjectSelector: @escaping SubjectSelectorType,
        selector: @escaping SelectorType
    ) {
        self.source = source
        self.subjectSelector = subjectSelector
        self.selector = selector
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = MulticastSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
