extension ObservableType {
    /// Builds an observable from a subscribe function. The observer it receives enforces the
    /// grammar: nothing is delivered after a terminal event, which also disposes the subscription.
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        AnonymousObservable(subscribe)
    }
}

private final class AnonymousObservableSink<Observer: ObserverType>: Sink<Observer.Element, Observer> {
    typealias Element = Observer.Element
    typealias Parent = AnonymousObservable<Element>

    private let isStopped = AtomicInt(0)

    #if DEBUG
    private let synchronizationTracker = SynchronizationTracker()
    #endif

    override func on(_ event: Event<Element>) {
        #if DEBUG
        synchronizationTracker.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker.unregister() }
        #endif
        switch event {
        case .next:
            if isStopped.load() == 1 {
                #if DEBUG || TRACE_RESOURCES
                reportEventAfterTerminal(event, receiver: "the observer of Observable.create", stage: hopStageForReports)
                #endif
                return
            }
            forwardOn(event)
        case .error, .completed:
            if isStopped.fetchOr(1) == 0 {
                forwardOn(event)
                dispose()
            } else {
                #if DEBUG || TRACE_RESOURCES
                reportEventAfterTerminal(event, receiver: "the observer of Observable.create", stage: hopStageForReports)
                #endif
            }
        }
    }

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

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = AnonymousObservableSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}
