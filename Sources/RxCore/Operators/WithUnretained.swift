extension ObservableType {
    /// Combines each element with `obj`, which the sequence holds only weakly. Once `obj` is
    /// gone, the next element completes the sequence instead of being delivered.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping ((Object, Element)) -> Out
    ) -> Observable<Out> {
        WithUnretained(source: asObservable(), object: obj, resultSelector: resultSelector)
    }

    /// Pairs each element with `obj`, which the sequence holds only weakly. Once `obj` is gone,
    /// the next element completes the sequence instead of being delivered.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Observable<(Object, Element)> {
        withUnretained(obj) { ($0, $1) }
    }
}

private final class WithUnretainedSink<Object: AnyObject, SourceType, ResultType>: ElementSink<SourceType, ResultType> {
    typealias ResultSelector = ((Object, SourceType)) -> ResultType

    private weak var object: Object?
    private let resultSelector: ResultSelector

    init(object: Object?, resultSelector: @escaping ResultSelector, observer: Receiver<ResultType>) {
        self.object = object
        self.resultSelector = resultSelector
        super.init(observer: observer)
    }

    override func receiveNext(_ element: SourceType) {
        guard let object else {
            // The owner is gone: nothing meaningful can be delivered any more, so the
            // sequence ends normally rather than with an error.
            forwardCompleted()
            dispose()
            return
        }
        forwardNext(resultSelector((object, element)))
    }
}

private final class WithUnretained<Object: AnyObject, SourceType, ResultType>: Producer<ResultType> {
    typealias ResultSelector = ((Object, SourceType)) -> ResultType

    private let source: Observable<SourceType>
    // The producer must not keep the object alive either: only a weak reference is stored.
    private weak var object: Object?
    private let resultSelector: ResultSelector

    init(source: Observable<SourceType>, object: Object, resultSelector: @escaping ResultSelector) {
        self.source = source
        self.object = object
        self.resultSelector = resultSelector
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = WithUnretainedSink(object: object, resultSelector: resultSelector, observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
