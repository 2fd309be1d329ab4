extension ObservableType {
    /// Subscribes to the sequences one after another, moving to the next one when the current
    /// one fails. Ends with the first sequence that completes, or with the last error once all
    /// of them failed (an empty collection completes at once).
    public static func `catch`<Sequence: Swift.Sequence>(sequence: Sequence) -> Observable<Element>
        where Sequence.Element == Observable<Element> {
        CatchSequence(sources: sequence)
    }

    @available(*, deprecated, renamed: "catch(sequence:)")
    public static func catchError<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
        where Sequence.Element == Observable<Element> {
        `catch`(sequence: sequence)
    }
}

private final class CatchSequenceSink<Sources: Sequence, Observer: ObserverType>: TailRecursiveSink<Sources, Observer>
    where Sources.Element: ObservableConvertibleType, Sources.Element.Element == Observer.Element  {
    private var lastError: Swift.Error?

    override func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .error(let error):
            lastError = error
            moveNext()
        case .completed:
            forwardOn(event)
            dispose()
        }
    }

    override func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        source.subscribe(self)
    }

    override func done() {
        if let lastError {
            forwardOn(.error(lastError))
        } else {
            forwardOn(.completed)
        }
        dispose()
    }

    override func extract(_ observable: Observable<Element>) -> SequenceGenerator? {
        guard let nested = observable as? CatchSequence<Sources> else { return nil }
        return (nested.sources.makeIterator(), nil)
    }
}

/// `catch(sequence:)`'s producer. Internal rather than private so that the retry operators can
/// be built on it (retry is catch over repeated copies of the source).
final class CatchSequence<Sources: Sequence>: Producer<Sources.Element.Element> where Sources.Element: ObservableConvertibleType {
    let sources: Sources

    init(sources: Sources) {
        self.sources = sources
    }

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = CatchSequenceSink<Sources, Receiver<Element>>(observer: observer, cancel: cancel)
        let subscription = sink.run((sources.makeIterator(), nil))
        return (sink: sink, subscription: subscription)
    }
}
