extension ObservableType {
    /// Builds an observable from a subscribe function. The observer it receives enforces the
    /// grammar: nothing is delivered after a terminal event, which also disposes the subscription.
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        AnonymousObservable(subscribe)
    }
}

/// The observer `create`'s subscribe function gets (as an `AnyObserver`): user code sends it
/// events, whose elements it hands downstream element-level, and it holds the grammar.
private final class AnonymousObservableSink<Element>: Sink<Element, Receiver<Element>> {
    typealias Parent = AnonymousObservable<Element>

    private let isStopped = AtomicInt(0)

    #if DEBUG
    private let synchronizationTracker = SynchronizationTracker()
    #endif

    override func receiveNext(_ element: Element) {
        #if DEBUG
        synchronizationTracker.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker.unregister() }
        #endif
        if isStopped.load() == 1 {
            #if DEBUG || TRACE_RESOURCES
            reportAfterTerminal(.next(element))
            #endif
            return
        }
        forwardNext(element)
    }

    override func receiveError(_ error: Swift.Error) {
        #if DEBUG
        synchronizationTracker.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker.unregister() }
        #endif
        if isStopped.fetchOr(1) == 0 {
            forwardError(error)
            dispose()
        } else {
            #if DEBUG || TRACE_RESOURCES
            reportAfterTerminal(.error(error))
            #endif
        }
    }

    override func receiveCompleted() {
        #if DEBUG
        synchronizationTracker.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker.unregister() }
        #endif
        if isStopped.fetchOr(1) == 0 {
            forwardCompleted()
            dispose()
        } else {
            #if DEBUG || TRACE_RESOURCES
            reportAfterTerminal(.completed)
            #endif
        }
    }

    #if DEBUG || TRACE_RESOURCES
    /// Anomaly 2, the rare branch: the report names the event, so only here is one built.
    @inline(never)
    private func reportAfterTerminal(_ event: Event<Element>) {
        reportEventAfterTerminal(event, receiver: "the observer of Observable.create", stage: hopStageForReports)
    }
    #endif

    func run(_ parent: Parent) -> Disposable {
        parent.subscribeHandler(AnyObserver(self))
    }
}

final class AnonymousObservable<Element>: Producer<Element> {
    typealias SubscribeHandler = (AnyObserver<Element>) -> Disposable

    let subscribeHandler: SubscribeHandler

    init(_ subscribeHandler: @escaping SubscribeHandler) {
        self.subscribeHandler = subscribeHandler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = AnonymousObservableSink(observer: observer)
        return sink.disposer(owning: sink.run(self)) ?? sink
    }
}
