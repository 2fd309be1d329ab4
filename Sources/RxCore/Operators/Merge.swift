// The merge family: every operator here subscribes to inner sequences and interleaves their
// elements into one sequence. Events from the outer sequence and from every inner sequence pass
// through one recursive lock per subscription, so the downstream observer is never entered by
// two sources at once, even when the sources run on different threads.
//
// - merge(), flatMap, flatMapFirst and the static merges share `MergeSink`: unlimited inner
//   subscriptions (flatMapFirst ignores outer elements while an inner sequence is running).
// - merge(maxConcurrent:), concat() and concatMap share `MergeLimitedSink`: at most N inner
//   subscriptions, the rest waits in a queue.
//
// Completion comes once the outer sequence and every inner sequence have completed. The first
// error from any of them is forwarded and disposes everything.

extension ObservableType {
    /// Projects each element to an observable sequence and merges the elements of all of them.
    public func flatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element> {
        FlatMap(source: asObservable(), selector: selector, dropsWhileBusy: false)
    }

    /// Projects an element to an observable sequence only while no projected sequence is
    /// running; elements that arrive meanwhile are ignored.
    public func flatMapFirst<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element> {
        FlatMap(source: asObservable(), selector: selector, dropsWhileBusy: true)
    }

    /// Projects each element to an observable sequence and concatenates them: each projected
    /// sequence is subscribed once the previous one completed.
    public func concatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element> {
        MergeLimited(source: asObservable(), selector: selector, maxConcurrent: 1)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Merges the elements of every inner sequence into one sequence.
    public func merge() -> Observable<Element.Element> {
        FlatMap(source: asObservable(), selector: { $0 }, dropsWhileBusy: false)
    }

    /// Merges the elements of the inner sequences, with at most `maxConcurrent` of them
    /// subscribed at a time; the others wait, in order, for a running one to complete.
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        MergeLimited(source: asObservable(), selector: { $0 }, maxConcurrent: maxConcurrent)
    }

    /// Concatenates the inner sequences: each is subscribed once the previous one completed.
    public func concat() -> Observable<Element.Element> {
        merge(maxConcurrent: 1)
    }
}

extension ObservableType {
    /// Merges the elements of every sequence of the collection.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Observable<Element>
        where Collection.Element == Observable<Element> {
        MergeArray(sources: Array(sources))
    }

    /// Merges the elements of every sequence of the array.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        MergeArray(sources: sources)
    }

    /// Merges the elements of every given sequence.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        MergeArray(sources: sources)
    }
}

// MARK: - Unlimited

private final class MergeSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>: Sink<Observer>, ObserverType
    where Inner.Element == Observer.Element {
    typealias Element = SourceElement
    typealias Selector = (SourceElement) throws -> Inner

    private let selector: Selector
    private let dropsWhileBusy: Bool

    let lock = RecursiveLock()
    let group = CompositeDisposable()
    private let outerSubscription = SingleAssignmentDisposable()

    // Guarded by `lock`.
    private var activeCount = 0
    private var outerStopped = false

    init(selector: @escaping Selector, dropsWhileBusy: Bool, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        self.dropsWhileBusy = dropsWhileBusy
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes to the outer sequence.
    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = group.insert(outerSubscription)
        outerSubscription.setDisposable(source.subscribe(self))
        return group
    }

    /// Subscribes to a fixed list of inner sequences (the static `merge`s): there is no outer
    /// sequence, so it counts as completed once all are subscribed.
    func run(sources: [Observable<Observer.Element>]) -> Disposable where Inner == Observable<Observer.Element> {
        lock.performLocked { activeCount += sources.count }
        for source in sources {
            subscribeInner(source)
        }
        lock.performLocked {
            outerStopped = true
            completeIfDone()
        }
        return group
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            // The selector runs under the lock; the inner subscription is made outside it, so a
            // slow or synchronous inner sequence does not hold other sources back.
            let inner: Inner? = lock.performLocked {
                if dropsWhileBusy && activeCount > 0 { return nil }
                do {
                    let inner = try selector(element)
                    activeCount += 1
                    return inner
                } catch let error {
                    forwardOn(.error(error))
                    dispose()
                    return nil
                }
            }
            if let inner {
                subscribeInner(inner.asObservable())
            }
        case .error(let error):
            lock.performLocked {
                forwardOn(.error(error))
                dispose()
            }
        case .completed:
            lock.performLocked {
                outerStopped = true
                outerSubscription.dispose()
                completeIfDone()
            }
        }
    }

    private func subscribeInner(_ source: Observable<Observer.Element>) {
        let subscription = SingleAssignmentDisposable()
        guard let key = group.insert(subscription) else { return }
        let observer = MergeInnerObserver(parent: self, key: key)
        subscription.setDisposable(source.subscribe(observer))
    }

    /// Called under `lock` when an inner sequence completed.
    func innerCompleted(key: CompositeDisposable.DisposeKey) {
        group.remove(for: key)
        activeCount -= 1
        completeIfDone()
    }

    private func completeIfDone() {
        if outerStopped && activeCount == 0 {
            forwardOn(.completed)
            dispose()
        }
    }
}

/// What an inner observer needs from its merging sink: the sink's lock, which serialises the
/// inner sequences, its downstream, and its bookkeeping when an inner sequence completes.
/// Both the unbounded and the `maxConcurrent` sinks conform, so one observer serves both.
private protocol MergeInnerParent: AnyObject {
    // Not `Element`: the sinks are observers of the outer sequence, whose `Element` differs.
    associatedtype Output
    var lock: RecursiveLock { get }
    func forwardOn(_ event: Event<Output>)
    func dispose()
    /// Called under `lock` when an inner sequence completed.
    func innerCompleted(key: CompositeDisposable.DisposeKey)
}

extension MergeSink: MergeInnerParent {
    typealias Output = Observer.Element
}

extension MergeLimitedSink: MergeInnerParent {
    typealias Output = Observer.Element
}

private final class MergeInnerObserver<Parent: MergeInnerParent>: ObserverType {
    typealias Element = Parent.Output

    private let parent: Parent
    private let key: CompositeDisposable.DisposeKey

    init(parent: Parent, key: CompositeDisposable.DisposeKey) {
        self.parent = parent
        self.key = key
        #if TRACE_RESOURCES
        Resources.track(self, kind: .observer)
        #endif
    }

    func on(_ event: Event<Element>) {
        parent.lock.performLocked {
            switch event {
            case .next:
                parent.forwardOn(event)
            case .error:
                parent.forwardOn(event)
                parent.dispose()
            case .completed:
                parent.innerCompleted(key: key)
            }
        }
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}

private final class FlatMap<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element> {
    typealias Selector = (SourceElement) throws -> Inner

    private let source: Observable<SourceElement>
    private let selector: Selector
    private let dropsWhileBusy: Bool

    init(source: Observable<SourceElement>, selector: @escaping Selector, dropsWhileBusy: Bool) {
        self.source = source
        self.selector = selector
        self.dropsWhileBusy = dropsWhileBusy
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
        where Observer.Element == Inner.Element {
        let sink = MergeSink(selector: selector, dropsWhileBusy: dropsWhileBusy, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}

private final class MergeArray<Element>: Producer<Element> {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
        where Observer.Element == Element {
        let sink = MergeSink<Observable<Element>, Observable<Element>, Observer>(
            selector: { $0 }, dropsWhileBusy: false, observer: observer, cancel: cancel
        )
        let subscription = sink.run(sources: sources)
        return (sink: sink, subscription: subscription)
    }
}

// MARK: - Limited concurrency

private final class MergeLimitedSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>: Sink<Observer>, ObserverType
    where Inner.Element == Observer.Element {
    typealias Element = SourceElement
    typealias Selector = (SourceElement) throws -> Inner

    private let selector: Selector
    private let maxConcurrent: Int

    let lock = RecursiveLock()
    private let group = CompositeDisposable()
    private let outerSubscription = SingleAssignmentDisposable()

    // Guarded by `lock`.
    private var activeCount = 0
    private var outerStopped = false
    private var waiting = Queue<Inner>(capacity: 2)

    init(selector: @escaping Selector, maxConcurrent: Int, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        self.maxConcurrent = maxConcurrent
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = group.insert(outerSubscription)
        outerSubscription.setDisposable(source.subscribe(self))
        return group
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            // The selector runs when the element arrives, even if its sequence has to wait.
            let inner: Inner? = lock.performLocked {
                do {
                    let inner = try selector(element)
                    if activeCount < maxConcurrent {
                        activeCount += 1
                        return inner
                    }
                    waiting.enqueue(inner)
                    return nil
                } catch let error {
                    forwardOn(.error(error))
                    dispose()
                    return nil
                }
            }
            if let inner {
                subscribeInner(inner)
            }
        case .error(let error):
            lock.performLocked {
                forwardOn(.error(error))
                dispose()
            }
        case .completed:
            lock.performLocked {
                if activeCount == 0 {
                    forwardOn(.completed)
                    dispose()
                } else {
                    outerSubscription.dispose()
                }
                outerStopped = true
            }
        }
    }

    private func subscribeInner(_ inner: Inner) {
        let subscription = SingleAssignmentDisposable()
        guard let key = group.insert(subscription) else { return }
        let observer = MergeInnerObserver(parent: self, key: key)
        subscription.setDisposable(inner.asObservable().subscribe(observer))
    }

    /// Called under `lock` when an inner sequence completed: the next waiting sequence takes
    /// its place, or the result completes if nothing is left.
    func innerCompleted(key: CompositeDisposable.DisposeKey) {
        group.remove(for: key)
        if let next = waiting.dequeue() {
            subscribeInner(next)
            return
        }
        activeCount -= 1
        if outerStopped && activeCount == 0 {
            forwardOn(.completed)
            dispose()
        }
    }
}

private final class MergeLimited<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element> {
    typealias Selector = (SourceElement) throws -> Inner

    private let source: Observable<SourceElement>
    private let selector: Selector
    private let maxConcurrent: Int

    init(source: Observable<SourceElement>, selector: @escaping Selector, maxConcurrent: Int) {
        self.source = source
        self.selector = selector
        self.maxConcurrent = maxConcurrent
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
        where Observer.Element == Inner.Element {
        let sink = MergeLimitedSink(selector: selector, maxConcurrent: maxConcurrent, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}
