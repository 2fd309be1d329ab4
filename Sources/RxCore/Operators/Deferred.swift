extension ObservableType {
    /// Calls `observableFactory` on every subscription and subscribes to what it returns; a
    /// throwing factory yields an error sequence.
    public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>) -> Observable<Element> {
        Deferred(observableFactory: observableFactory)
    }
}

private final class DeferredSink<Source: ObservableType, Observer: ObserverType>: Sink<Observer.Element, Observer> where Source.Element == Observer.Element  {
    typealias Element = Observer.Element

    func run(_ factory: () throws -> Source) -> Disposable {
        do {
            return try factory().subscribe(self)
        } catch let error {
            forwardOn(.error(error))
            dispose()
            return Disposables.create()
        }
    }

    override func on(_ event: Event<Element>) {
        forwardOn(event)
        if event.isStopEvent { dispose() }
    }
}

private final class Deferred<Source: ObservableType>: Producer<Source.Element> {
    typealias Factory = () throws -> Source

    private let observableFactory: Factory

    init(observableFactory: @escaping Factory) {
        self.observableFactory = observableFactory
    }

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = DeferredSink<Source, Receiver<Element>>(observer: observer, cancel: cancel)
        let subscription = sink.run(observableFactory)
        return (sink: sink, subscription: subscription)
    }
}
