extension ObservableType {
    /// Passes on the source; if it completes without elements, emits `default` first.
    public func ifEmpty(default: Element) -> Observable<Element> {
        DefaultIfEmpty(source: asObservable(), default: `default`)
    }

    /// Passes on the source; if it completes without elements, continues with `other`.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        SwitchIfEmpty(source: asObservable(), ifEmpty: other)
    }
}

// MARK: ifEmpty(default:)

private final class DefaultIfEmptySink<Element>: PassThroughSink<Element> {
    private let defaultElement: Element
    private var isEmpty = true

    init(default: Element, observer: Receiver<Element>) {
        self.defaultElement = `default`
        super.init(observer: observer)
    }

    override func receiveNext(_ element: Element) {
        isEmpty = false
        forwardNext(element)
    }

    override func receiveCompleted() {
        if isEmpty {
            forwardNext(defaultElement)
        }
        forwardCompleted()
        dispose()
    }
}

private final class DefaultIfEmpty<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let defaultElement: Element

    init(source: Observable<Element>, default: Element) {
        self.source = source
        self.defaultElement = `default`
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = DefaultIfEmptySink(default: defaultElement, observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}

// MARK: ifEmpty(switchTo:)

private final class SwitchIfEmptySink<Element>: PassThroughSink<Element> {
    private let ifEmpty: Observable<Element>
    private var isEmpty = true
    private let ifEmptySubscription = SingleAssignmentDisposable()

    init(ifEmpty: Observable<Element>, observer: Receiver<Element>) {
        self.ifEmpty = ifEmpty
        super.init(observer: observer)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        let subscription = source.subscribeReceiver(self)
        return Disposables.create(subscription, ifEmptySubscription)
    }

    override func receiveNext(_ element: Element) {
        isEmpty = false
        forwardNext(element)
    }

    override func receiveCompleted() {
        guard isEmpty else {
            forwardCompleted()
            dispose()
            return
        }
        // The completed source stays subscribed until the whole sequence ends, as in RxSwift.
        ifEmptySubscription.setDisposable(ifEmpty.subscribeReceiver(SwitchIfEmptySinkIter(parent: self)))
    }
}

/// Forwards the fallback sequence through the sink, so nothing passes once it is disposed.
private final class SwitchIfEmptySinkIter<Element>: PassThroughContinuation<Element> {}

private final class SwitchIfEmpty<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let ifEmpty: Observable<Element>

    init(source: Observable<Element>, ifEmpty: Observable<Element>) {
        self.source = source
        self.ifEmpty = ifEmpty
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = SwitchIfEmptySink(ifEmpty: ifEmpty, observer: observer)
        return sink.disposer(owning: sink.run(source)) ?? sink
    }
}
