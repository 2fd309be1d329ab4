extension ObservableType {
    /// The elements of this sequence, then, once it completes, those of `second`.
    /// An error from either ends the result.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
    where Source.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }

    /// Subscribes to each sequence in turn, the next one when the previous completes. The first
    /// error ends the result. Nested concatenations are flattened, so long or generated
    /// sequences do not grow the stack.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        Concat(sources: sequence, count: nil)
    }

    /// Subscribes to each sequence of the collection in turn, the next one when the previous
    /// completes. The first error ends the result.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        Concat(sources: collection, count: collection.count)
    }

    /// Subscribes to each sequence in turn, the next one when the previous completes. The first
    /// error ends the result.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        Concat(sources: sources, count: sources.count)
    }
}

private final class ConcatSink<Sources: Sequence>: TailRecursiveSink<Sources>
where Sources.Element: ObservableConvertibleType {
    override func receiveNext(_ element: Element) {
        forwardNext(element)
    }

    override func receiveError(_ error: Swift.Error) {
        forwardError(error)
        dispose()
    }

    override func receiveCompleted() {
        moveNext()
    }

    override func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        source.subscribeReceiver(self)
    }

    override func extract(_ observable: Observable<Element>) -> SequenceGenerator? {
        guard let nested = observable as? Concat<Sources> else { return nil }
        return (nested.sources.makeIterator(), nested.count)
    }
}

private final class Concat<Sources: Sequence>: Producer<Sources.Element.Element>
where Sources.Element: ObservableConvertibleType {
    fileprivate let sources: Sources
    fileprivate let count: Int?

    init(sources: Sources, count: Int?) {
        self.sources = sources
        self.count = count
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = ConcatSink<Sources>(observer: observer)
        return sink.disposer(owning: sink.run((sources.makeIterator(), count))) ?? sink
    }
}
