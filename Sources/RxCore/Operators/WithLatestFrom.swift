extension ObservableType {
    /// Combines each element of this sequence with the latest element of `second`, through
    /// `resultSelector`. Elements that arrive before `second` emitted anything are dropped.
    /// `second` is subscribed first; its completion is ignored, its error ends the result.
    public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        WithLatestFrom(first: asObservable(), second: second.asObservable(), resultSelector: resultSelector)
    }

    /// Replaces each element of this sequence with the latest element of `second`. Elements that
    /// arrive before `second` emitted anything are dropped.
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        WithLatestFrom(first: asObservable(), second: second.asObservable(), resultSelector: { $1 })
    }
}

private final class WithLatestFromSink<FirstElement, SecondElement, ResultType>: ElementSink<FirstElement, ResultType> {
    typealias Parent = WithLatestFrom<FirstElement, SecondElement, ResultType>

    private let parent: Parent
    /// Serialises the two sources (LockedElementSink's, for a sink whose output type differs).
    let lock = RecursiveLock()
    // Guarded by `lock`, and no access spans a call out (`receiveNext` copies it first): no
    // runtime exclusivity check needed.
    @exclusivity(unchecked) var latest: SecondElement?

    init(parent: Parent, observer: Receiver<ResultType>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        let secondSubscription = SingleAssignmentDisposable()
        let secondObserver = WithLatestFromSecondObserver(parent: self, subscription: secondSubscription)
        secondSubscription.setDisposable(parent.second.subscribeReceiver(secondObserver))
        let firstSubscription = parent.first.subscribeReceiver(self)
        return Disposables.create(firstSubscription, secondSubscription)
    }

    override func receiveNext(_ element: FirstElement) {
        lock.performLocked {
            guard let latest else { return }
            do {
                forwardNext(try parent.resultSelector(element, latest))
            } catch let error {
                forwardError(error)
                dispose()
            }
        }
    }

    override func receiveError(_ error: Swift.Error) {
        lock.performLocked { super.receiveError(error) }
    }

    override func receiveCompleted() {
        lock.performLocked { super.receiveCompleted() }
    }
}

private final class WithLatestFromSecondObserver<FirstElement, SecondElement, ResultType>: Receiver<SecondElement> {
    typealias Parent = WithLatestFromSink<FirstElement, SecondElement, ResultType>

    private let parent: Parent
    private let subscription: Disposable

    init(parent: Parent, subscription: Disposable) {
        self.parent = parent
        self.subscription = subscription
        super.init()
        #if TRACE_RESOURCES
        Resources.track(self, kind: .observer)
        #endif
    }

    override func receiveNext(_ element: SecondElement) {
        parent.lock.performLocked {
            parent.latest = element
        }
    }

    override func receiveError(_ error: Swift.Error) {
        parent.lock.performLocked {
            parent.forwardError(error)
            parent.dispose()
        }
    }

    override func receiveCompleted() {
        parent.lock.performLocked {
            subscription.dispose()
        }
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}

private final class WithLatestFrom<FirstElement, SecondElement, ResultType>: Producer<ResultType> {
    typealias ResultSelector = (FirstElement, SecondElement) throws -> ResultType

    let first: Observable<FirstElement>
    let second: Observable<SecondElement>
    let resultSelector: ResultSelector

    init(first: Observable<FirstElement>, second: Observable<SecondElement>, resultSelector: @escaping ResultSelector) {
        self.first = first
        self.second = second
        self.resultSelector = resultSelector
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = WithLatestFromSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
