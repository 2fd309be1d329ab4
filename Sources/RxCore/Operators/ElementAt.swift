extension ObservableType {
    /// Emits only the element at zero-based `index`, then completes. A source that ends before
    /// reaching it fails with `RxError.argumentOutOfRange`.
    public func element(at index: Int) -> Observable<Element> {
        ElementAt(source: asObservable(), index: index, throwOnEmpty: true)
    }

    @available(*, deprecated, renamed: "element(at:)")
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }
}

private final class ElementAtSink<Element>: ElementSink<Element, Element> {
    typealias Parent = ElementAt<Element>

    private let parent: Parent
    private var remaining: Int

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        self.remaining = parent.index
        super.init(observer: observer)
    }

    override func receiveNext(_ element: Element) {
        if remaining == 0 {
            forwardNext(element)
            forwardCompleted()
            dispose()
            return
        }
        remaining -= 1
    }

    override func receiveCompleted() {
        if parent.throwOnEmpty {
            forwardError(RxError.argumentOutOfRange)
        } else {
            forwardCompleted()
        }
        dispose()
    }
}

private final class ElementAt<Element>: Producer<Element> {
    private let source: Observable<Element>
    fileprivate let index: Int
    fileprivate let throwOnEmpty: Bool

    init(source: Observable<Element>, index: Int, throwOnEmpty: Bool) {
        if index < 0 {
            rxFatalError("index can't be negative")
        }
        self.source = source
        self.index = index
        self.throwOnEmpty = throwOnEmpty
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = ElementAtSink(parent: self, observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
