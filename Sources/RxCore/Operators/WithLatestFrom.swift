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

private final class WithLatestFromSink<FirstElement, SecondElement, Observer: ObserverType>: Sink<FirstElement, Observer> {
    typealias Element = FirstElement
    typealias Parent = WithLatestFrom<FirstElement, SecondElement, Observer.Element>

    private let parent: Parent
    let lock = RecursiveLock()
    // Guarded by `lock`.
    var latest: SecondElement?

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let secondSubscription = SingleAssignmentDisposable()
        let secondObserver = WithLatestFromSecondObserver(parent: self, subscription: secondSubscription)
        secondSubscription.setDisposable(parent.second.subscribe(secondObserver))
        let firstSubscription = parent.first.subscribe(self)
        return Disposables.create(firstSubscription, secondSubscription)
    }

    override func on(_ event: Event<FirstElement>) {
        lock.performLocked {
            switch event {
            case .next(let element):
                guard let latest else { return }
                do {
                    forwardOn(.next(try parent.resultSelector(element, latest)))
                } catch let error {
                    forwardOn(.error(error))
                    dispose()
                }
            case .error(let error):
                forwardOn(.error(error))
                dispose()
            case .completed:
                forwardOn(.completed)
                dispose()
            }
        }
    }
}

private final class WithLatestFromSecondObserver<FirstElement, SecondElement, Observer: ObserverType>: Receiver<SecondElement> {
    typealias Element = SecondElement
    typealias Parent = WithLatestFromSink<FirstElement, SecondElement, Observer>

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

    override func on(_ event: Event<SecondElement>) {
        parent.lock.performLocked {
            switch event {
            case .next(let element):
                parent.latest = element
            case .completed:
                subscription.dispose()
            case .error(let error):
                parent.forwardOn(.error(error))
                parent.dispose()
            }
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

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = WithLatestFromSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
