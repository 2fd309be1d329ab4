extension ObservableType {
    /// Passes on the only element of the source. A second element fails the sequence with
    /// `RxError.moreThanOneElement`; completing without one fails it with `RxError.noElements`.
    public func single() -> Observable<Element> {
        SingleElement(source: asObservable(), predicate: nil)
    }

    /// Passes on the only element satisfying `predicate`, with the errors of `single()`
    /// counted over matching elements.
    public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        SingleElement(source: asObservable(), predicate: predicate)
    }
}

private final class SingleElementSink<Observer: ObserverType>: Sink<Observer.Element, Observer> {
    typealias Element = Observer.Element
    typealias Parent = SingleElement<Element>

    private let parent: Parent
    private var seenValue = false

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            do {
                let matches = try parent.predicate?(value) ?? true
                if !matches { return }
            } catch let error {
                forwardOn(.error(error))
                dispose()
                return
            }
            if seenValue {
                forwardOn(.error(RxError.moreThanOneElement))
                dispose()
                return
            }
            seenValue = true
            forwardOn(event)
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            if seenValue {
                forwardOn(.completed)
            } else {
                forwardOn(.error(RxError.noElements))
            }
            dispose()
        }
    }
}

private final class SingleElement<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    fileprivate let predicate: Predicate?

    init(source: Observable<Element>, predicate: Predicate?) {
        self.source = source
        self.predicate = predicate
    }

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = SingleElementSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
