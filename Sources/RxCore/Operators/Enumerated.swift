extension ObservableType {
    /// Pairs each element with its zero-based position in the sequence.
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        Enumerated(source: asObservable())
    }

    /// Projects each element and its index into a new form.
    @available(*, deprecated, message: "Please use enumerated().map()")
    public func mapWithIndex<Result>(_ selector: @escaping (Element, Int) throws -> Result) -> Observable<Result> {
        enumerated().map { try selector($0.element, $0.index) }
    }

    /// Projects each element and its index into a sequence and merges those sequences.
    @available(*, deprecated, message: "Please use enumerated().flatMap()")
    public func flatMapWithIndex<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element, Int) throws -> Source
    ) -> Observable<Source.Element> {
        enumerated().flatMap { try selector($0.element, $0.index) }
    }
}

private final class EnumeratedSink<SourceType>: ElementSink<SourceType, (index: Int, element: SourceType)> {
    private var nextIndex = 0

    override func receiveNext(_ element: SourceType) {
        let index = nextIndex
        let (incremented, overflow) = index.addingReportingOverflow(1)
        if overflow {
            // A sequence longer than Int.max elements cannot be indexed any further.
            forwardError(RxError.overflow)
            dispose()
            return
        }
        nextIndex = incremented
        forwardNext((index: index, element: element))
    }
}

private final class Enumerated<SourceType>: Producer<(index: Int, element: SourceType)> {
    private let source: Observable<SourceType>

    init(source: Observable<SourceType>) {
        self.source = source
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = EnumeratedSink<SourceType>(observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
