extension ObservableType {
    /// Transforms each element and passes on only the non-nil results; a throwing transform
    /// ends the sequence with its error.
    @inlinable public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result>
    {
        // As `map`: the client makes the sink and caches its metadata. It also unwraps each
        // result, where RxCore's own code would look up `Optional<Result>`'s generic metadata on
        // every element. Neither closure captures anything.
        CompactMap(
            source: asObservable(),
            transform: transform,
            forwardMapped: { transform, element, forward in
                if let mapped = try transform(element) { forward(mapped) }
            },
            subscribeSink: { compactMap, observer in
                let sink = CompactMapSink(
                    transform: compactMap.transform,
                    forwardMapped: compactMap.forwardMapped,
                    observer: observer
                )
                return sink.disposer(owning: compactMap.source.subscribeReceiver(sink)) ?? sink
            }
        )
    }
}

@usableFromInline
final class CompactMapSink<SourceType, ResultType>: ElementSink<SourceType, ResultType> {
    @usableFromInline typealias Parent = CompactMap<SourceType, ResultType>

    private let transform: Parent.Transform
    private let forwardMapped: Parent.ForwardMapped

    @usableFromInline init(
        transform: @escaping Parent.Transform,
        forwardMapped: @escaping Parent.ForwardMapped,
        observer: Receiver<ResultType>
    ) {
        self.transform = transform
        self.forwardMapped = forwardMapped
        super.init(observer: observer)
    }

    override func receiveNext(_ element: SourceType) {
        do {
            try forwardMapped(transform, element) { self.forwardNext($0) }
        } catch let error {
            forwardError(error)
            dispose()
        }
    }
}

@usableFromInline
final class CompactMap<SourceType, ResultType>: Producer<ResultType> {
    @usableFromInline typealias Transform = (SourceType) throws -> ResultType?
    /// Applies the transform and hands a non-nil result to the callback: written by
    /// `compactMap` in the client (see there).
    @usableFromInline typealias ForwardMapped = (Transform, SourceType, (ResultType) -> Void) throws -> Void
    /// Subscribes `observer` through a new sink: written by `compactMap` in the client.
    @usableFromInline typealias Run = (CompactMap, Receiver<ResultType>) -> Disposable

    @usableFromInline let source: Observable<SourceType>
    @usableFromInline let transform: Transform
    @usableFromInline let forwardMapped: ForwardMapped
    private let subscribeSink: Run

    @usableFromInline init(
        source: Observable<SourceType>,
        transform: @escaping Transform,
        forwardMapped: @escaping ForwardMapped,
        subscribeSink: @escaping Run
    ) {
        self.source = source
        self.transform = transform
        self.forwardMapped = forwardMapped
        self.subscribeSink = subscribeSink
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        subscribeSink(self, observer)
    }
}
