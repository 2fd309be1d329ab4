extension ObservableType {
    /// Combines each element of this sequence with the latest element of `second`, through
    /// `resultSelector`. Elements that arrive before `second` emitted anything are dropped.
    /// `second` is subscribed first; its completion is ignored, its error ends the result.
    @inlinable public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        WithLatestFrom.make(first: asObservable(), second: second.asObservable(), resultSelector: resultSelector)
    }

    /// Replaces each element of this sequence with the latest element of `second`. Elements that
    /// arrive before `second` emitted anything are dropped.
    @inlinable public func withLatestFrom<Source: ObservableConvertibleType>(
        _ second: Source
    ) -> Observable<Source.Element> {
        WithLatestFrom.make(first: asObservable(), second: second.asObservable(), resultSelector: { $1 })
    }
}

@usableFromInline
final class WithLatestFromSink<FirstElement, SecondElement, ResultType>: ElementSink<FirstElement, ResultType> {
    @usableFromInline typealias Parent = WithLatestFrom<FirstElement, SecondElement, ResultType>

    @usableFromInline let parent: Parent
    /// Serialises the two sources (LockedElementSink's, for a sink whose output type differs).
    let lock = RecursiveLock()
    // Guarded by `lock`, and no access spans a call out (`receiveNext` copies it first): no
    // runtime exclusivity check needed.
    @exclusivity(unchecked) @usableFromInline var latest: SecondElement?

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
            do {
                try parent.combine(self, element) { self.forwardNext($0) }
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
            parent.parent.store(parent, element)
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

/// The producer of `withLatestFrom`. Storing the second source's latest element and combining it
/// with the first's are closures written by `make`, which the client inlines: there the element
/// types are known, where RxCore's own code would look up `Optional<SecondElement>`'s generic
/// metadata on every element of either source. They capture nothing.
@usableFromInline
final class WithLatestFrom<FirstElement, SecondElement, ResultType>: Producer<ResultType> {
    @usableFromInline typealias ResultSelector = (FirstElement, SecondElement) throws -> ResultType
    @usableFromInline typealias LatestFromSink = WithLatestFromSink<FirstElement, SecondElement, ResultType>
    @usableFromInline typealias Store = (LatestFromSink, SecondElement) -> Void
    /// Combines an element of the first source with the latest of the second, if there is one,
    /// and hands the result to the callback.
    @usableFromInline typealias Combine = (LatestFromSink, FirstElement, (ResultType) -> Void) throws -> Void

    let first: Observable<FirstElement>
    let second: Observable<SecondElement>
    @usableFromInline let resultSelector: ResultSelector
    fileprivate let store: Store
    fileprivate let combine: Combine

    @usableFromInline init(
        first: Observable<FirstElement>,
        second: Observable<SecondElement>,
        resultSelector: @escaping ResultSelector,
        store: @escaping Store,
        combine: @escaping Combine
    ) {
        self.first = first
        self.second = second
        self.resultSelector = resultSelector
        self.store = store
        self.combine = combine
    }

    @inlinable static func make(
        first: Observable<FirstElement>,
        second: Observable<SecondElement>,
        resultSelector: @escaping ResultSelector
    ) -> WithLatestFrom {
        WithLatestFrom(
            first: first,
            second: second,
            resultSelector: resultSelector,
            store: { sink, element in sink.latest = element },
            combine: { sink, element, forward in
                guard let latest = sink.latest else { return }
                forward(try sink.parent.resultSelector(element, latest))
            }
        )
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = WithLatestFromSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
