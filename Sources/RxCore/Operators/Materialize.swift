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

private final class MaterializeSink<SourceType, Observer: ObserverType>: Sink<SourceType, Observer> where Observer.Element == Event<SourceType>  {
    typealias Element = SourceType

    override func on(_ event: Event<SourceType>) {
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

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = MaterializeSink<SourceType, Receiver<Element>>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

private final class DematerializeSink<SourceType: EventConvertible, Observer: ObserverType>: Sink<SourceType, Observer> where Observer.Element == SourceType.Element  {
    typealias Element = SourceType

    override func on(_ event: Event<SourceType>) {
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

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = DematerializeSink<SourceType, Receiver<Element>>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
