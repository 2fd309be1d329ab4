extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Subscribes to `second` once `self` completes; an error of `self` skips `second`.
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        Single(raw: AndThen(completable: primitiveSequence.asObservable(), second: second.asObservable()))
    }

    /// Subscribes to `second` once `self` completes; an error of `self` skips `second`.
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: AndThen(completable: primitiveSequence.asObservable(), second: second.asObservable()))
    }

    /// Subscribes to `second` once `self` completes; an error of `self` skips `second`.
    public func andThen(_ second: Completable) -> Completable {
        Completable(raw: AndThen(completable: primitiveSequence.asObservable(), second: second.asObservable()))
    }

    /// Subscribes to `second` once `self` completes; an error of `self` skips `second`.
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        AndThen(completable: primitiveSequence.asObservable(), second: second.asObservable())
    }
}

private final class AndThen<Element>: Producer<Element> {
    let completable: Observable<Swift.Never>
    let second: Observable<Element>

    init(completable: Observable<Swift.Never>, second: Observable<Element>) {
        self.completable = completable
        self.second = second
    }

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = AndThenSink(second: second, observer: observer, cancel: cancel)
        let subscription = sink.run(completable: completable)
        return (sink: sink, subscription: subscription)
    }
}

/// Observes the completable, then swaps its subscription for one to the second sequence, so that
/// disposing the result always reaches whichever of the two is running.
private final class AndThenSink<Observer: ObserverType>: Sink<Swift.Never, Observer> {
    typealias Element = Swift.Never

    private let second: Observable<Observer.Element>
    private let current = SerialDisposable()

    init(second: Observable<Observer.Element>, observer: Observer, cancel: Cancelable) {
        self.second = second
        super.init(observer: observer, cancel: cancel)
    }

    func run(completable: Observable<Swift.Never>) -> Disposable {
        let first = SingleAssignmentDisposable()
        current.disposable = first
        first.setDisposable(completable.subscribe(self))
        return current
    }

    override func on(_ event: Event<Swift.Never>) {
        switch event {
        case .next:
            break
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            current.disposable = second.subscribe(AndThenSecondObserver(sink: self))
        }
    }

    func forwardFromSecond(_ event: Event<Observer.Element>) {
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }
}

private final class AndThenSecondObserver<Observer: ObserverType>: Receiver<Observer.Element> {
    typealias Element = Observer.Element

    private let sink: AndThenSink<Observer>

    init(sink: AndThenSink<Observer>) {
        self.sink = sink
    }

    override func on(_ event: Event<Element>) {
        sink.forwardFromSecond(event)
    }
}
