extension ObservableType {
    /// A `Single` of the source's only element. Fails with `RxError.noElements` when the source
    /// completes empty and with `RxError.moreThanOneElement` as soon as a second element arrives.
    public func asSingle() -> Single<Element> {
        PrimitiveSequence(raw: AsSingle(source: asObservable()))
    }

    /// A `Single` of the source's first element, or of `nil` when the source completes empty.
    /// The source is disposed as soon as its first element arrives.
    public func first() -> Single<Element?> {
        PrimitiveSequence(raw: First(source: asObservable()))
    }

    /// A `Maybe` of the source's only element, empty when the source completes empty. Fails with
    /// `RxError.moreThanOneElement` as soon as a second element arrives.
    public func asMaybe() -> Maybe<Element> {
        PrimitiveSequence(raw: AsMaybe(source: asObservable()))
    }
}

extension ObservableType where Element == Swift.Never {
    /// Views a sequence that cannot emit elements as a `Completable`.
    public func asCompletable() -> Completable {
        PrimitiveSequence(raw: asObservable())
    }
}

/// Holds the element back until completion so that a second element can still turn the result
/// into an error (`asSingle`, `asMaybe`; they differ in what completion without one means).
private class OnlyElementSink<Element>: ElementSink<Element, Element> {
    final var element: Element?

    override final func receiveNext(_ value: Element) {
        if element != nil {
            forwardError(RxError.moreThanOneElement)
            dispose()
            return
        }
        element = value
    }
}

private final class AsSingleSink<Element>: OnlyElementSink<Element> {
    override func receiveCompleted() {
        if let element {
            forwardNext(element)
            forwardCompleted()
        } else {
            forwardError(RxError.noElements)
        }
        dispose()
    }
}

private final class AsSingle<Element>: Producer<Element> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = AsSingleSink(observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}

private final class AsMaybeSink<Element>: OnlyElementSink<Element> {
    override func receiveCompleted() {
        if let element {
            forwardNext(element)
        }
        forwardCompleted()
        dispose()
    }
}

private final class AsMaybe<Element>: Producer<Element> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = AsMaybeSink(observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}

private final class FirstSink<Element>: ElementSink<Element, Element?> {
    override func receiveNext(_ value: Element) {
        forwardNext(Element?.some(value))
        forwardCompleted()
        dispose()
    }

    override func receiveCompleted() {
        forwardNext(Element?.none)
        forwardCompleted()
        dispose()
    }
}

private final class First<Element>: Producer<Element?> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ observer: Receiver<Element?>) -> Disposable {
        let sink = FirstSink<Element>(observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
