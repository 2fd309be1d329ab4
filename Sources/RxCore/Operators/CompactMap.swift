extension ObservableType {
    /// Transforms each element and passes on only the non-nil results; a throwing transform
    /// ends the sequence with its error.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        CompactMap(source: asObservable(), transform: transform)
    }
}

private final class CompactMapSink<SourceType, ResultType>: ElementSink<SourceType, ResultType> {
    typealias Transform = (SourceType) throws -> ResultType?

    private let transform: Transform

    init(transform: @escaping Transform, observer: Receiver<ResultType>) {
        self.transform = transform
        super.init(observer: observer)
    }

    override func receiveNext(_ element: SourceType) {
        do {
            if let mapped = try transform(element) {
                forwardNext(mapped)
            }
        } catch let error {
            forwardError(error)
            dispose()
        }
    }
}

private final class CompactMap<SourceType, ResultType>: Producer<ResultType> {
    typealias Transform = (SourceType) throws -> ResultType?

    private let source: Observable<SourceType>
    private let transform: Transform

    init(source: Observable<SourceType>, transform: @escaping Transform) {
        self.source = source
        self.transform = transform
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = CompactMapSink(transform: transform, observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
