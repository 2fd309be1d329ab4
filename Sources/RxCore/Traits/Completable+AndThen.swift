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

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = AndThenSink(second: second, observer: observer)
        return sink.disposer(owning: sink.run(completable: completable)) ?? sink
    }
}

/// Observes the completable, then swaps its subscription for one to the second sequence, so that
/// disposing the result always reaches whichever of the two is running.
private final class AndThenSink<Element>: ElementSink<Swift.Never, Element> {
    private let second: Observable<Element>
    private let current = SerialDisposable()

    init(second: Observable<Element>, observer: Receiver<Element>) {
        self.second = second
        super.init(observer: observer)
    }

    func run(completable: Observable<Swift.Never>) -> Disposable {
        let first = SingleAssignmentDisposable()
        current.disposable = first
        first.setDisposable(completable.subscribeReceiver(self))
        return current
    }

    override func receiveNext(_ element: Swift.Never) {}

    override func receiveCompleted() {
        current.disposable = second.subscribeReceiver(AndThenSecondObserver(sink: self))
    }

    func forwardNextFromSecond(_ element: Element) {
        forwardNext(element)
    }

    /// The second sequence's terminal event ends the result, as the completable's error does.
    func forwardErrorFromSecond(_ error: Swift.Error) {
        super.receiveError(error)
    }

    func forwardCompletedFromSecond() {
        super.receiveCompleted()
    }
}

private final class AndThenSecondObserver<Element>: Receiver<Element> {
    private let sink: AndThenSink<Element>

    init(sink: AndThenSink<Element>) {
        self.sink = sink
    }

    override func receiveNext(_ element: Element) {
        sink.forwardNextFromSecond(element)
    }

    override func receiveError(_ error: Swift.Error) {
        sink.forwardErrorFromSecond(error)
    }

    override func receiveCompleted() {
        sink.forwardCompletedFromSecond()
    }
}
