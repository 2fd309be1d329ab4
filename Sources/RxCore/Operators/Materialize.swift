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

private final class MaterializeSink<SourceType>: ElementSink<SourceType, Event<SourceType>> {
    // The source's events are this operator's elements: here, and only here, they are built.

    override func receiveNext(_ element: SourceType) {
        forwardNext(.next(element))
    }

    override func receiveError(_ error: Swift.Error) {
        forwardNext(.error(error))
        forwardCompleted()
        dispose()
    }

    override func receiveCompleted() {
        forwardNext(Event<SourceType>.completed)
        forwardCompleted()
        dispose()
    }
}

private final class Materialize<SourceType>: Producer<Event<SourceType>> {
    private let source: Observable<SourceType>

    init(source: Observable<SourceType>) {
        self.source = source
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = MaterializeSink<SourceType>(observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}

private final class DematerializeSink<SourceType: EventConvertible>: ElementSink<SourceType, SourceType.Element> {
    override func receiveNext(_ element: SourceType) {
        switch element.event {
        case .next(let inner):
            forwardNext(inner)
        case .error(let error):
            forwardError(error)
            dispose()
        case .completed:
            forwardCompleted()
            dispose()
        }
    }
}

private final class Dematerialize<SourceType: EventConvertible>: Producer<SourceType.Element> {
    private let source: Observable<SourceType>

    init(source: Observable<SourceType>) {
        self.source = source
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = DematerializeSink<SourceType>(observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
