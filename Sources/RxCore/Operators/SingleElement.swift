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

private final class SingleElementSink<Element>: ElementSink<Element, Element> {
    typealias Parent = SingleElement<Element>

    private let parent: Parent
    private var seenValue = false

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    override func receiveNext(_ value: Element) {
        do {
            let matches = try parent.predicate?(value) ?? true
            if !matches { return }
        } catch let error {
            forwardError(error)
            dispose()
            return
        }
        if seenValue {
            forwardError(RxError.moreThanOneElement)
            dispose()
            return
        }
        seenValue = true
        forwardNext(value)
    }

    override func receiveCompleted() {
        if seenValue {
            forwardCompleted()
        } else {
            forwardError(RxError.noElements)
        }
        dispose()
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

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = SingleElementSink(parent: self, observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
