extension ObservableType {
    /// Collects every element and, when the source completes, succeeds with them as one array.
    /// An error fails the `Single` and drops what was collected.
    public func toArray() -> Single<[Element]> {
        PrimitiveSequence(raw: ToArray(source: asObservable()))
    }
}

private final class ToArraySink<SourceType>: ElementSink<SourceType, [SourceType]> {
    private var elements = [SourceType]()

    override func receiveNext(_ element: SourceType) {
        elements.append(element)
    }

    override func receiveCompleted() {
        forwardNext(elements)
        forwardCompleted()
        dispose()
    }
}

private final class ToArray<SourceType>: Producer<[SourceType]> {
    private let source: Observable<SourceType>

    init(source: Observable<SourceType>) {
        self.source = source
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = ToArraySink<SourceType>(observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
