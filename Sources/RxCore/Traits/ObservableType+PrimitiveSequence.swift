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
/// into an error.
private final class AsSingleSink<Observer: ObserverType>: Sink<Observer.Element, Observer> {
    typealias Element = Observer.Element

    private var element: Element?

    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            if element != nil {
                forwardOn(.error(RxError.moreThanOneElement))
                dispose()
                return
            }
            element = value
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            if let element {
                forwardOn(.next(element))
                forwardOn(.completed)
            } else {
                forwardOn(.error(RxError.noElements))
            }
            dispose()
        }
    }
}

private final class AsSingle<Element>: Producer<Element> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = AsSingleSink(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

private final class AsMaybeSink<Observer: ObserverType>: Sink<Observer.Element, Observer> {
    typealias Element = Observer.Element

    private var element: Element?

    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            if element != nil {
                forwardOn(.error(RxError.moreThanOneElement))
                dispose()
                return
            }
            element = value
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            if let element {
                forwardOn(.next(element))
            }
            forwardOn(.completed)
            dispose()
        }
    }
}

private final class AsMaybe<Element>: Producer<Element> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = AsMaybeSink(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

private final class FirstSink<Element, Observer: ObserverType>: Sink<Element, Observer> where Observer.Element == Element? {
    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            forwardOn(.next(value))
            forwardOn(.completed)
            dispose()
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.next(nil))
            forwardOn(.completed)
            dispose()
        }
    }
}

private final class First<Element>: Producer<Element?> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ observer: Receiver<Element?>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = FirstSink<Element, Receiver<Element?>>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
