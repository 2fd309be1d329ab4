extension ObservableType {
    /// Drops every element and passes on only the terminal event.
    public func ignoreElements() -> Observable<Never> {
        IgnoreElements(source: asObservable())
    }
}

private final class IgnoreElementsSink<SourceElement>: ElementSink<SourceElement, Never> {
    override func receiveNext(_ element: SourceElement) {}
}

private final class IgnoreElements<SourceElement>: Producer<Never> {
    private let source: Observable<SourceElement>

    init(source: Observable<SourceElement>) {
        self.source = source
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = IgnoreElementsSink<SourceElement>(observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
