extension ObservableType {
    /// Transforms each element; a throwing transform ends the sequence with its error.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        Map(source: asObservable(), transform: transform)
    }
}

private final class MapSink<SourceType, ResultType>: ElementSink<SourceType, ResultType> {
    typealias Transform = (SourceType) throws -> ResultType

    private let transform: Transform

    init(transform: @escaping Transform, observer: Receiver<ResultType>, cancel: Cancelable) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    override func receiveNext(_ element: SourceType) {
        do {
            forwardNext(try transform(element))
        } catch let error {
            forwardError(error)
            dispose()
        }
    }
}

private final class Map<SourceType, ResultType>: Producer<ResultType> {
    typealias Transform = (SourceType) throws -> ResultType

    private let source: Observable<SourceType>
    private let transform: Transform

    init(source: Observable<SourceType>, transform: @escaping Transform) {
        self.source = source
        self.transform = transform
    }

    override func run(_ observer: Receiver<ResultType>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = MapSink(transform: transform, observer: observer, cancel: cancel)
        let subscription = source.subscribeReceiver(sink)
        return (sink: sink, subscription: subscription)
    }
}
