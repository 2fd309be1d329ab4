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

private final class CatchSequenceSink<Sources: Sequence>: TailRecursiveSink<Sources>
where Sources.Element: ObservableConvertibleType {
    private var lastError: Swift.Error?

    override func receiveNext(_ element: Element) {
        forwardNext(element)
    }

    override func receiveError(_ error: Swift.Error) {
        lastError = error
        moveNext()
    }

    override func receiveCompleted() {
        forwardCompleted()
        dispose()
    }

    override func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        source.subscribeReceiver(self)
    }

    override func done() {
        if let lastError {
            forwardError(lastError)
        } else {
            forwardCompleted()
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
final class CatchSequence<Sources: Sequence>: Producer<Sources.Element.Element>
where Sources.Element: ObservableConvertibleType {
    let sources: Sources

    init(sources: Sources) {
        self.sources = sources
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = CatchSequenceSink<Sources>(observer: observer)
        return sink.disposer(owning: sink.run((sources.makeIterator(), nil))) ?? sink
    }
}
