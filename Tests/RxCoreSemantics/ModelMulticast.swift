/// The model's subjects and multicasting: share, publish, replay.

/// A subject replaying its newest `bufferSize` elements (0: a PublishSubject) and, once
/// terminated, its terminal event to every later observer.
final class ModelSubject {
    private let bufferSize: Int
    private var buffer: [Int] = []
    private var terminal: SemanticEvent?
    private var observers: [(id: Int, observer: ModelObserver)] = []
    private var nextId = 0

    init(bufferSize: Int) {
        self.bufferSize = bufferSize
    }

    func on(_ event: SemanticEvent) {
        guard terminal == nil else { return }
        if case .next(let value) = event {
            buffer.append(value)
            if buffer.count > bufferSize { buffer.removeFirst() }
        } else {
            terminal = event
        }
        let current = observers
        if event.isStop { observers = [] }
        for entry in current { entry.observer(event) }
    }

    var observable: ModelObservable {
        ModelObservable { [self] observer in
            for value in buffer { observer(.next(value)) }
            if let terminal {
                observer(terminal)
                return ModelDisposable()
            }
            let id = nextId
            nextId += 1
            observers.append((id, observer))
            return ModelDisposable { [self] in observers.removeAll { $0.id == id } }
        }
    }
}

/// A connectable observable as RxSwift's `multicast` makes it (Multicast.swift): observers
/// subscribe to the current subject (made on first need); `connect` subscribes the subject to
/// the source once; the connection ends at the source's terminal event or when disposed, and
/// then the subject is dropped, so the next observer or connection starts from `makeSubject`
/// (which for `publish()`-style sharing over one fixed subject gives that subject again).
final class ModelConnectable {
    private let source: ModelObservable
    private let makeSubject: () -> ModelSubject
    private var subject: ModelSubject?
    private var connection: ModelDisposable?

    init(source: ModelObservable, makeSubject: @escaping () -> ModelSubject) {
        self.source = source
        self.makeSubject = makeSubject
    }

    private var currentSubject: ModelSubject {
        if let subject { return subject }
        let made = makeSubject()
        subject = made
        return made
    }

    var observable: ModelObservable {
        ModelObservable { [self] observer in currentSubject.observable.subscribe(observer) }
    }

    func connect() -> ModelDisposable {
        if let connection { return connection }
        let link = ModelDisposable()
        connection = link
        let target = currentSubject
        link.add { [self] in
            if connection === link {
                connection = nil
                subject = nil
            }
        }
        link.add(
            source.subscribe { event in
                guard !link.isDisposed else { return }
                if event.isStop { link.dispose() }
                target.on(event)
            }
        )
        return link
    }
}

extension ModelObservable {
    /// `share(replay:scope:)` as RxSwift builds it (ShareReplayScope.swift): `.forever` is a
    /// ref-counted connectable over one subject; `.whileConnected` with a replay of 0 or 1 is
    /// its own connection per run of the source, and with more a ref-counted connectable that
    /// makes a new subject per connection.
    func share(replay: Int, forever: Bool) -> ModelObservable {
        if forever {
            let subject = ModelSubject(bufferSize: replay)
            return ModelConnectable(source: self) { subject }.refCounted()
        }
        if replay <= 1 { return sharedWhileConnected(replay: replay) }
        return ModelConnectable(source: self) { ModelSubject(bufferSize: replay) }.refCounted()
    }

    /// A connection per run of the source: its own subject and observer count. Whether an
    /// observer connects is decided as it arrives (it is the first), before the subject
    /// replays to it. The source's terminal event ends the connection before it reaches the
    /// observers (the next observer starts a new one), and the connection leaves its source
    /// subscription to the source, which ends it itself after that event
    /// (ShareReplayScope.swift: `synchronized_dispose` does not dispose the subscription).
    private func sharedWhileConnected(replay: Int) -> ModelObservable {
        final class Connection {
            let subject: ModelSubject
            let link = ModelDisposable()
            var observerCount = 0
            var isEnded = false
            init(replay: Int) { subject = ModelSubject(bufferSize: replay) }
        }
        var current: Connection?
        return ModelObservable { observer in
            let connection = current ?? Connection(replay: replay)
            current = connection
            let isFirst = connection.observerCount == 0
            connection.observerCount += 1
            let subscription = connection.subject.observable.subscribe(observer)
            if isFirst {
                connection.link.add(
                    self.subscribe { event in
                        if event.isStop {
                            connection.isEnded = true
                            if current === connection { current = nil }
                        }
                        connection.subject.on(event)
                    }
                )
            }
            return ModelDisposable {
                subscription.dispose()
                guard !connection.isEnded else { return }
                connection.observerCount -= 1
                if connection.observerCount == 0 {
                    connection.isEnded = true
                    if current === connection { current = nil }
                    connection.link.dispose()
                }
            }
        }
    }

    /// `multicast(...)` connected `connectAfter` ticks after the subscription and observed as
    /// `merge(p, p.delaySubscription(secondAfter))`; the end of the subscription (disposal or
    /// a terminal event) disconnects, as `Observable.create` releases what its closure returned.
    func multicast(bufferSize: Int, connectAfter: Int, secondAfter: Int, _ world: ModelWorld) -> ModelObservable {
        ModelObservable { observer in
            let connectable = ModelConnectable(source: self) { ModelSubject(bufferSize: bufferSize) }
            let shared = connectable.observable
            let downstream = Downstream(observer)
            downstream.subscribe(.merge([shared, shared.delaySubscription(secondAfter, world)]), downstream.on)
            downstream.lifetime.add(
                world.schedule(after: connectAfter) { downstream.lifetime.add(connectable.connect()) }
            )
            return downstream.lifetime
        }
    }
}

extension ModelConnectable {
    /// `refCount()` by RxSwift's rules (Multicast.swift): an observer subscribes to the subject
    /// first, and one that got a terminal event right there does not connect; the first
    /// observer connects and the last one leaving disconnects; the source's terminal event ends
    /// the connection, and observers of that connection leaving afterwards change nothing.
    func refCounted() -> ModelObservable {
        var connection: ModelDisposable?
        var connectionId = 0
        var observerCount = 0
        return ModelObservable { [self] observer in
            let downstream = Downstream(observer)
            var snapshot = -1
            downstream.subscribe(observable) { event in
                if event.isStop && snapshot == connectionId {
                    connection?.dispose()
                    connection = nil
                    observerCount = 0
                    connectionId += 1
                }
                downstream.on(event)
            }
            snapshot = connectionId
            guard downstream.isActive else { return downstream.lifetime }
            downstream.lifetime.add {
                guard snapshot == connectionId else { return }
                observerCount -= 1
                if observerCount == 0 {
                    connection?.dispose()
                    connection = nil
                }
            }
            observerCount += 1
            if observerCount == 1 {
                let link = ModelDisposable()
                connection = link
                link.add(connect())
            }
            return downstream.lifetime
        }
    }
}
