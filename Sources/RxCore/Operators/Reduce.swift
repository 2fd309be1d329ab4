extension ObservableType {
    /// Folds every element into `seed` and, when the source completes, emits `mapResult` of the
    /// final value and completes. A throwing accumulator or `mapResult` ends the sequence with
    /// its error.
    public func reduce<A, Result>(_ seed: A, accumulator: @escaping (A, Element) throws -> A, mapResult: @escaping (A) throws -> Result) -> Observable<Result> {
        Reduce(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: mapResult)
    }

    /// Folds every element into `seed` and, when the source completes, emits the final value
    /// and completes. A throwing accumulator ends the sequence with its error.
    public func reduce<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        Reduce(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: { $0 })
    }
}

private final class ReduceSink<SourceType, Accumulate, Observer: ObserverType>: Sink<SourceType, Observer> {
    typealias Element = SourceType
    typealias Parent = Reduce<SourceType, Accumulate, Observer.Element>

    private let parent: Parent
    private var accumulated: Accumulate

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        self.accumulated = parent.seed
        super.init(observer: observer, cancel: cancel)
    }

    override func on(_ event: Event<SourceType>) {
        switch event {
        case .next(let element):
            do {
                accumulated = try parent.accumulator(accumulated, element)
            } catch let error {
                forwardOn(.error(error))
                dispose()
            }
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            do {
                let result = try parent.mapResult(accumulated)
                forwardOn(.next(result))
                forwardOn(.completed)
            } catch let error {
                forwardOn(.error(error))
            }
            dispose()
        }
    }
}

private final class Reduce<SourceType, Accumulate, ResultType>: Producer<ResultType> {
    typealias Accumulator = (Accumulate, SourceType) throws -> Accumulate
    typealias ResultSelector = (Accumulate) throws -> ResultType

    private let source: Observable<SourceType>
    fileprivate let seed: Accumulate
    fileprivate let accumulator: Accumulator
    fileprivate let mapResult: ResultSelector

    init(source: Observable<SourceType>, seed: Accumulate, accumulator: @escaping Accumulator, mapResult: @escaping ResultSelector) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
    }

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = ReduceSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
