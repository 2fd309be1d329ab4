extension ObservableType {
    /// Turns every event of the source, terminal ones included, into an element; the result
    /// completes right after delivering the source's terminal event as an element.
    public func materialize() -> Observable<Event<Element>> {
        Materialize(source: asObservable())
    }
}

extension ObservableType where Element: EventConvertible {
    /// Turns elements that are events back into the events they describe: the inverse of
    /// `materialize()`.
    public func dematerialize() -> Observable<Element.Element> {
        Dematerialize(source: asObservable())
    }
}

private final class MaterializeSink<SourceType, Observer: ObserverType>: Sink<Observer>, ObserverType where Observer.Element == Event<SourceType> {
    typealias Element = SourceType

    func on(_ event: Event<SourceType>) {
        forwardOn(.next(event))
        if event.isStopEvent {
            forwardOn(.completed)
            dispose()
        }
    }
}

private final class Materialize<SourceType>: Producer<Event<SourceType>> {
    private let source: Observable<SourceType>

    init(source: Observable<SourceType>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Event<SourceType> {
        let sink = MaterializeSink<SourceType, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

private final class DematerializeSink<SourceType: EventConvertible, Observer: ObserverType>: Sink<Observer>, ObserverType where Observer.Element == SourceType.Element {
    typealias Element = SourceType

    func on(_ event: Event<SourceType>) {
        switch event {
        case .next(let element):
            let inner = element.event
            forwardOn(inner)
            if inner.isStopEvent {
                dispose()
            }
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.completed)
            dispose()
        }
    }
}

private final class Dematerialize<SourceType: EventConvertible>: Producer<SourceType.Element> {
    private let source: Observable<SourceType>

    init(source: Observable<SourceType>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == SourceType.Element {
        let sink = DematerializeSink<SourceType, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
