extension ObservableType {
    /// Emits every intermediate result of folding the elements into `seed`, which the
    /// accumulator mutates in place. A throwing accumulator ends the sequence with its error.
    public func scan<A>(into seed: A, accumulator: @escaping (inout A, Element) throws -> Void) -> Observable<A> {
        Scan(source: asObservable(), seed: seed, accumulator: accumulator)
    }

    /// Emits every intermediate result of folding the elements, starting from `seed`.
    /// A throwing accumulator ends the sequence with its error.
    public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        Scan(source: asObservable(), seed: seed) { accumulated, element in
            accumulated = try accumulator(accumulated, element)
        }
    }
}

private final class ScanSink<SourceType, Accumulate>: ElementSink<SourceType, Accumulate> {
    private let accumulator: (inout Accumulate, SourceType) throws -> Void
    // Each subscription folds into its own copy of the seed.
    private var accumulated: Accumulate

    init(
        seed: Accumulate,
        accumulator: @escaping (inout Accumulate, SourceType) throws -> Void,
        observer: Receiver<Accumulate>
    ) {
        self.accumulated = seed
        self.accumulator = accumulator
        super.init(observer: observer)
    }

    override func receiveNext(_ element: SourceType) {
        do {
            try accumulator(&accumulated, element)
            forwardNext(accumulated)
        } catch let error {
            forwardError(error)
            dispose()
        }
    }
}

private final class Scan<SourceType, Accumulate>: Producer<Accumulate> {
    typealias Accumulator = (inout Accumulate, SourceType) throws -> Void

    private let source: Observable<SourceType>
    private let seed: Accumulate
    private let accumulator: Accumulator

    init(source: Observable<SourceType>, seed: Accumulate, accumulator: @escaping Accumulator) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = ScanSink(seed: seed, accumulator: accumulator, observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
