extension ObservableType {
    /// Transforms each element; a throwing transform ends the sequence with its error.
    @inlinable public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        Map(source: asObservable(), transform: transform)
    }
}

private final class MapSink<SourceType, ResultType>: ElementSink<SourceType, ResultType> {
    typealias Transform = (SourceType) throws -> ResultType

    private let transform: Transform

    init(transform: @escaping Transform, observer: Receiver<ResultType>) {
        self.transform = transform
        super.init(observer: observer)
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

@usableFromInline
final class Map<SourceType, ResultType>: Producer<ResultType> {
    @usableFromInline typealias Transform = (SourceType) throws -> ResultType

    private let source: Observable<SourceType>
    private let transform: Transform

    @usableFromInline init(source: Observable<SourceType>, transform: @escaping Transform) {
        self.source = source
        self.transform = transform
    }

    override func run(_ observer: Receiver<ResultType>) -> Disposable {
        let sink = MapSink(transform: transform, observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
