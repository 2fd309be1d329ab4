extension ObservableType {
    /// Collects every element and, when the source completes, succeeds with them as one array.
    /// An error fails the `Single` and drops what was collected.
    public func toArray() -> Single<[Element]> {
        PrimitiveSequence(raw: ToArray(source: asObservable()))
    }
}

private final class ToArraySink<SourceType, Observer: ObserverType>: Sink<SourceType, Observer> where Observer.Element == [SourceType]  {
    typealias Element = SourceType

    private var elements = [SourceType]()

    override func on(_ event: Event<SourceType>) {
        switch event {
        case .next(let element):
            elements.append(element)
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.next(elements))
            forwardOn(.completed)
            dispose()
        }
    }
}

private final class ToArray<SourceType>: Producer<[SourceType]> {
    private let source: Observable<SourceType>

    init(source: Observable<SourceType>) {
        self.source = source
    }

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = ToArraySink<SourceType, Receiver<Element>>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
