extension ObservableType {
    /// Folds every element into `seed` and, when the source completes, emits `mapResult` of the
    /// final value and completes. A throwing accumulator or `mapResult` ends the sequence with
    /// its error.
    public func reduce<A, Result>(
        _ seed: A,
        accumulator: @escaping (A, Element) throws -> A,
        mapResult: @escaping (A) throws -> Result
    ) -> Observable<Result> {
        Reduce(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: mapResult)
    }

    /// Folds every element into `seed` and, when the source completes, emits the final value
    /// and completes. A throwing accumulator ends the sequence with its error.
    public func reduce<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        Reduce(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: { $0 })
    }
}

private final class ReduceSink<SourceType, Accumulate, ResultType>: ElementSink<SourceType, ResultType> {
    typealias Parent = Reduce<SourceType, Accumulate, ResultType>

    private let parent: Parent
    private var accumulated: Accumulate

    init(parent: Parent, observer: Receiver<ResultType>) {
        self.parent = parent
        self.accumulated = parent.seed
        super.init(observer: observer)
    }

    override func receiveNext(_ element: SourceType) {
        do {
            accumulated = try parent.accumulator(accumulated, element)
        } catch let error {
            forwardError(error)
            dispose()
        }
    }

    override func receiveCompleted() {
        do {
            let result = try parent.mapResult(accumulated)
            forwardNext(result)
            forwardCompleted()
        } catch let error {
            forwardError(error)
        }
        dispose()
    }
}

private final class Reduce<SourceType, Accumulate, ResultType>: Producer<ResultType> {
    typealias Accumulator = (Accumulate, SourceType) throws -> Accumulate
    typealias ResultSelector = (Accumulate) throws -> ResultType

    private let source: Observable<SourceType>
    fileprivate let seed: Accumulate
    fileprivate let accumulator: Accumulator
    fileprivate let mapResult: ResultSelector

    init(
        source: Observable<SourceType>,
        seed: Accumulate,
        accumulator: @escaping Accumulator,
        mapResult: @escaping ResultSelector
    ) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = ReduceSink(parent: self, observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
