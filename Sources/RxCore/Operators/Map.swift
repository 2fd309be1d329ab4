extension ObservableType {
    /// Transforms each element; a throwing transform ends the sequence with its error.
    @inlinable public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        // The subscription is written here, so that the client, which knows the element types,
        // makes the sink and caches `MapSink`'s concrete metadata (RxCore's own `run` would look
        // it up at run time on every subscription). The closure captures nothing.
        Map(source: asObservable(), transform: transform) { map, observer in
            let sink = MapSink(transform: map.transform, observer: observer)
            return sink.disposer(owning: map.source.subscribeReceiver(sink)) ?? sink
        }
    }
}

@usableFromInline
final class MapSink<SourceType, ResultType>: ElementSink<SourceType, ResultType> {
    @usableFromInline typealias Transform = (SourceType) throws -> ResultType

    private let transform: Transform

    @usableFromInline init(transform: @escaping Transform, observer: Receiver<ResultType>) {
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
    /// Subscribes `observer` through a new sink: written by `map` in the client (see there).
    @usableFromInline typealias Run = (Map, Receiver<ResultType>) -> Disposable

    @usableFromInline let source: Observable<SourceType>
    @usableFromInline let transform: Transform
    private let subscribeSink: Run

    @usableFromInline init(source: Observable<SourceType>, transform: @escaping Transform, subscribeSink: @escaping Run)
    {
        self.source = source
        self.transform = transform
        self.subscribeSink = subscribeSink
    }

    override func run(_ observer: Receiver<ResultType>) -> Disposable {
        subscribeSink(self, observer)
    }
}
