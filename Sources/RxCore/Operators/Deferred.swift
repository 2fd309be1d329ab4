extension ObservableType {
    /// Calls `observableFactory` on every subscription and subscribes to what it returns; a
    /// throwing factory yields an error sequence.
    public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>) -> Observable<Element>
    {
        Deferred(observableFactory: observableFactory)
    }
}

private final class DeferredSink<Element>: PassThroughSink<Element> {
    func run<Source: ObservableType>(_ factory: () throws -> Source) -> Disposable where Source.Element == Element {
        do {
            return try factory().asObservable().subscribeReceiver(self)
        } catch let error {
            forwardError(error)
            dispose()
            return Disposables.create()
        }
    }
}

private final class Deferred<Source: ObservableType>: Producer<Source.Element> {
    typealias Factory = () throws -> Source

    private let observableFactory: Factory

    init(observableFactory: @escaping Factory) {
        self.observableFactory = observableFactory
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = DeferredSink<Element>(observer: observer)
        return sink.disposer(owning: sink.run(observableFactory)) ?? sink
    }
}
