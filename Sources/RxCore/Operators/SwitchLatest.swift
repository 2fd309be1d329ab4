// switchLatest and flatMapLatest: only the most recent inner sequence is listened to. A new
// outer element disposes the previous inner subscription before the new one is subscribed, so
// a search query that is superseded cancels its request. Events of an inner sequence that was
// already replaced are dropped even if they race in from another thread (each inner observer
// carries the generation number it was created for).

extension ObservableType {
    /// Projects each element to an observable sequence and mirrors only the most recent one:
    /// each new element disposes the previous projected sequence.
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    )
        -> Observable<Source.Element>
    {
        FlatMapLatest(source: asObservable(), selector: selector)
    }
}

extension ObservableType {
    /// `flatMapLatest` into infallible sequences: the result cannot fail either, unless the
    /// selector throws (as in RxSwift, the error is then delivered).
    public func flatMapLatest<Source: InfallibleType>(
        _ selector: @escaping (Element) throws -> Source
    )
        -> Infallible<Source.Element>
    {
        Infallible(flatMapLatest(selector))
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Mirrors the most recent inner sequence: each new inner sequence disposes the previous one.
    /// Completes once the outer sequence and the current inner sequence have completed.
    public func switchLatest() -> Observable<Element.Element> {
        FlatMapLatest(source: asObservable(), selector: { $0 })
    }
}

private final class SwitchSink<SourceElement, Inner: ObservableConvertibleType>: Sink<
    SourceElement, Receiver<Inner.Element>
>
{
    typealias Output = Inner.Element
    typealias Selector = (SourceElement) throws -> Inner

    private let selector: Selector
    private let outerSubscription = SingleAssignmentDisposable()
    private let innerSubscription = SerialDisposable()

    let lock = RecursiveLock()

    // Guarded by `lock`, so the runtime's exclusivity checks (paid on every element, from the
    // closures that run under it) would only cost time.
    @exclusivity(unchecked) private(set) var latestGeneration = 0
    @exclusivity(unchecked) private var hasLatest = false
    @exclusivity(unchecked) private var outerStopped = false

    init(selector: @escaping Selector, observer: Receiver<Output>) {
        self.selector = selector
        super.init(observer: observer)
    }

    /// Returns the outer subscription as the sink's upstream subscription; `dispose` ends the
    /// inner one (no disposable joining the two per subscription). Traced builds keep the
    /// joining `BinaryDisposable`: a leak's signature is computed from the types of the objects
    /// it keeps alive, and suppression and baseline files written before name it.
    func run(_ source: Observable<SourceElement>) -> Disposable {
        outerSubscription.setDisposable(source.subscribeReceiver(self))
        #if TRACE_RESOURCES
        return Disposables.create(outerSubscription, innerSubscription)
        #else
        return outerSubscription
        #endif
    }

    override func dispose() {
        super.dispose()
        innerSubscription.dispose()
    }

    override func receiveNext(_ element: SourceElement) {
        var generation = 0
        let source: Observable<Output>? = lock.performLocked {
            do {
                let source = try selector(element).asObservable()
                hasLatest = true
                latestGeneration = latestGeneration &+ 1
                generation = latestGeneration
                return source
            } catch let error {
                forwardError(error)
                dispose()
                return nil
            }
        }
        guard let source else { return }
        // A `just` needs no inner observer: its element and completion are handed on here.
        let delivered = source.deliverJustElement { element in
            // Assigning disposes the previous inner subscription.
            innerSubscription.disposable = Disposables.create()
            lock.performLocked {
                guard latestGeneration == generation else { return }
                forwardNext(element)
                guard latestGeneration == generation else { return }
                latestCompleted()
            }
        }
        if delivered { return }
        // Assigning disposes the previous inner subscription before the new one starts.
        let observer = SwitchInnerObserver(parent: self, generation: generation)
        innerSubscription.disposable = observer
        observer.setSubscription(source.subscribeReceiver(observer))
    }

    override func receiveError(_ error: Swift.Error) {
        lock.performLocked {
            forwardError(error)
            dispose()
        }
    }

    override func receiveCompleted() {
        lock.performLocked {
            outerStopped = true
            outerSubscription.dispose()
            if !hasLatest {
                forwardCompleted()
                dispose()
            }
        }
    }

    /// Called under `lock` by the inner observer of the current generation when it completed:
    /// the observer was the serial disposable's content, and holds this sink, so keeping it
    /// would make a reference cycle until the next element or the end.
    func latestObserverCompleted() {
        innerSubscription.disposable = Disposables.create()
        latestCompleted()
    }

    /// Called under `lock` when the current inner sequence completed.
    func latestCompleted() {
        hasLatest = false
        if outerStopped {
            forwardCompleted()
            dispose()
        }
    }
}

/// Receives one inner sequence, and is its subscription's disposable in the sink's
/// `SerialDisposable`.
private final class SwitchInnerObserver<SourceElement, Inner: ObservableConvertibleType>: InnerObserver<Inner.Element> {
    typealias Parent = SwitchSink<SourceElement, Inner>

    private let parent: Parent
    private let generation: Int

    init(parent: Parent, generation: Int) {
        self.parent = parent
        self.generation = generation
        super.init()
        #if TRACE_RESOURCES
        Resources.track(self, kind: .observer)
        #endif
    }

    override func receiveNext(_ element: Inner.Element) {
        parent.lock.performLocked {
            guard parent.latestGeneration == generation else { return }
            parent.forwardNext(element)
        }
    }

    override func receiveError(_ error: Swift.Error) {
        parent.lock.performLocked {
            dispose()
            guard parent.latestGeneration == generation else { return }
            parent.forwardError(error)
            parent.dispose()
        }
    }

    override func receiveCompleted() {
        parent.lock.performLocked {
            dispose()
            guard parent.latestGeneration == generation else { return }
            parent.latestObserverCompleted()
        }
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}

private final class FlatMapLatest<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element> {
    typealias Selector = (SourceElement) throws -> Inner

    private let source: Observable<SourceElement>
    private let selector: Selector

    init(source: Observable<SourceElement>, selector: @escaping Selector) {
        self.source = source
        self.selector = selector
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = SwitchSink(selector: selector, observer: observer)
        return sink.disposer(owning: sink.run(source)) ?? sink
    }
}
