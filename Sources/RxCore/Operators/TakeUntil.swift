extension ObservableType {
    /// Passes on elements until `other` emits an element (or fails, which fails this sequence).
    public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
        TakeUntil(source: asObservable(), other: other.asObservable())
    }

    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        take(until: other)
    }

    /// Passes on elements until one satisfies `predicate`, then completes. With `.inclusive`
    /// that element is passed on before completing.
    public func take(
        until predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        TakeUntilPredicate(source: asObservable(), behavior: behavior, predicate: predicate)
    }

    /// Passes on elements while they satisfy `predicate`, then completes. With `.inclusive`
    /// the first failing element is passed on before completing.
    public func take(
        while predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        take(until: { try !predicate($0) }, behavior: behavior)
    }

    @available(*, deprecated, renamed: "take(until:behavior:)")
    public func takeUntil(
        _ behavior: TakeBehavior,
        predicate: @escaping (Element) throws -> Bool
    ) -> Observable<Element> {
        take(until: predicate, behavior: behavior)
    }

    @available(*, deprecated, renamed: "take(while:)")
    public func takeWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        take(while: predicate, behavior: .exclusive)
    }
}

/// Whether `take(until:behavior:)` and `take(while:behavior:)` pass on the element that ends
/// the sequence.
public enum TakeBehavior {
    /// Pass on the element that ends the sequence, then complete.
    case inclusive
    /// Complete without passing on the element that ends the sequence.
    case exclusive
}

private final class TakeUntilSinkOther<Other, Element>: Receiver<Other> {
    typealias Parent = TakeUntilSink<Other, Element>

    private let parent: Parent
    let subscription = SingleAssignmentDisposable()

    init(parent: Parent) {
        self.parent = parent
        super.init()
        #if TRACE_RESOURCES
        Resources.track(self, kind: .observer)
        #endif
    }

    override func receiveNext(_ element: Other) {
        parent.lock.performLocked {
            parent.forwardCompleted()
            parent.dispose()
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

private final class TakeUntilSink<Other, Element>: LockedElementSink<Element> {
    typealias Parent = TakeUntil<Element, Other>

    private let parent: Parent

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    override func receiveNext(_ element: Element) {
        lock.performLocked {
            forwardNext(element)
        }
    }

    func run() -> Disposable {
        let otherObserver = TakeUntilSinkOther(parent: self)
        let otherSubscription = parent.other.subscribeReceiver(otherObserver)
        otherObserver.subscription.setDisposable(otherSubscription)
        let sourceSubscription = parent.source.subscribeReceiver(self)
        return Disposables.create(sourceSubscription, otherObserver.subscription)
    }
}

private final class TakeUntil<Element, Other>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = TakeUntilSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}

// MARK: take(until: predicate)

private final class TakeUntilPredicateSink<Element>: PassThroughSink<Element> {
    typealias Parent = TakeUntilPredicate<Element>

    private let parent: Parent
    private var running = true

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    override func receiveNext(_ element: Element) {
        guard running else { return }
        do {
            running = try !parent.predicate(element)
        } catch let error {
            forwardError(error)
            dispose()
            return
        }
        if running {
            forwardNext(element)
            return
        }
        if parent.behavior == .inclusive {
            forwardNext(element)
        }
        forwardCompleted()
        dispose()
    }
}

private final class TakeUntilPredicate<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    fileprivate let behavior: TakeBehavior
    fileprivate let predicate: Predicate

    init(source: Observable<Element>, behavior: TakeBehavior, predicate: @escaping Predicate) {
        self.source = source
        self.behavior = behavior
        self.predicate = predicate
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = TakeUntilPredicateSink(parent: self, observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
