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
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    )
        -> Observable<Source.Element>
    {
        FlatMap(source: asObservable(), selector: selector, dropsWhileBusy: false)
    }

    /// Projects an element to an observable sequence only while no projected sequence is
    /// running; elements that arrive meanwhile are ignored.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    )
        -> Observable<Source.Element>
    {
        FlatMap(source: asObservable(), selector: selector, dropsWhileBusy: true)
    }

    /// Projects each element to an observable sequence and concatenates them: each projected
    /// sequence is subscribed once the previous one completed.
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    )
        -> Observable<Source.Element>
    {
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

// MARK: - Shared by both sinks

/// The lock, the subscriptions and the termination rule of both merging sinks. Events are
/// forwarded downstream under `lock` (that serialises the sources); everything else that runs
/// other code, the selector, subscribing an inner sequence, disposing one or all, runs after
/// the lock is released, so no user code runs under it while another thread may wait for it
/// (RxSwift's merge lock-inversion deadlock). `terminated` is set with the terminal event,
/// under the lock, so nothing is forwarded between it and the disposal that follows.
private class MergeSinkBase<SourceElement, Output>: Sink<SourceElement, Receiver<Output>> {
    final let lock = RecursiveLock()
    final let group = CompositeDisposable()
    final let outerSubscription = SingleAssignmentDisposable()

    // Guarded by `lock`, and no access spans a call out (each is a read or a write that ends
    // before anything is forwarded): the runtime's exclusivity checks would only cost time, on
    // every element.
    @exclusivity(unchecked) final var activeCount = 0
    @exclusivity(unchecked) final var outerStopped = false
    @exclusivity(unchecked) final var terminated = false

    /// Subscribes the sink itself to the outer sequence.
    final func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = group.insert(outerSubscription)
        outerSubscription.setDisposable(source.subscribeReceiver(self))
        return group
    }

    final func subscribeInner(_ source: Observable<Output>) {
        // The observer is its own subscription's disposable in the group (see MergeInnerObserver).
        let observer = MergeInnerObserver(parent: self)
        guard let key = group.insert(observer) else { return }
        observer.key = key
        observer.setSubscription(source.subscribeReceiver(observer))
    }

    /// An element of an inner sequence.
    final func forwardInner(_ element: Output) {
        lock.performLocked {
            if !terminated { forwardNext(element) }
        }
    }

    /// Called under `lock`: forwards the terminal event (`error`, else completion) unless one
    /// was forwarded already, and says whether the caller must dispose once it released the lock.
    final func synchronized_terminate(error: Swift.Error?) -> Bool {
        if terminated { return false }
        terminated = true
        if let error {
            forwardError(error)
        } else {
            forwardCompleted()
        }
        return true
    }

    /// Forwards the error (once) and disposes everything.
    final func terminate(error: Swift.Error) {
        if lock.performLocked({ synchronized_terminate(error: error) }) {
            dispose()
        }
    }

    /// Runs the selector (user code, so outside the lock) and returns its sequence as an
    /// `Observable`; a thrown error terminates the result. An optional of the selector's own
    /// type (`Inner?`, a generic value) would look up `Optional<Inner>`'s metadata on every
    /// element here; an optional class reference needs none.
    final func select<Inner: ObservableConvertibleType>(
        _ selector: (SourceElement) throws -> Inner,
        _ element: SourceElement
    ) -> Observable<Output>? where Inner.Element == Output {
        do {
            return try selector(element).asObservable()
        } catch let error {
            terminate(error: error)
            return nil
        }
    }

    override final func receiveError(_ error: Swift.Error) {
        terminate(error: error)
    }

    override final func receiveCompleted() {
        outerCompleted()
    }

    /// The outer sequence completed: completes the result if no inner sequence is running.
    final func outerCompleted() {
        let completes: Bool = lock.performLocked {
            outerStopped = true
            return activeCount == 0 && synchronized_terminate(error: nil)
        }
        if completes {
            dispose()
        } else {
            outerSubscription.dispose()
        }
    }

    /// An inner sequence completed.
    func innerCompleted(key: CompositeDisposable.DisposeKey) {
        rxAbstractMethod()
    }
}

/// Receives one inner sequence, and is its subscription's disposable in the sink's group.
private final class MergeInnerObserver<SourceElement, Output>: InnerObserver<Output> {
    private let parent: MergeSinkBase<SourceElement, Output>
    /// Set once the observer is in the group, before it is subscribed.
    var key: CompositeDisposable.DisposeKey?

    init(parent: MergeSinkBase<SourceElement, Output>) {
        self.parent = parent
        super.init()
        #if TRACE_RESOURCES
        Resources.track(self, kind: .observer)
        #endif
    }

    override func receiveNext(_ element: Output) {
        parent.forwardInner(element)
    }

    override func receiveError(_ error: Swift.Error) {
        parent.terminate(error: error)
    }

    override func receiveCompleted() {
        guard let key else { return }
        parent.innerCompleted(key: key)
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}

// MARK: - Unlimited

private final class MergeSink<SourceElement, Inner: ObservableConvertibleType>: MergeSinkBase<
    SourceElement, Inner.Element
>
{
    typealias Selector = (SourceElement) throws -> Inner

    private let selector: Selector
    private let dropsWhileBusy: Bool

    init(selector: @escaping Selector, dropsWhileBusy: Bool, observer: Receiver<Inner.Element>) {
        self.selector = selector
        self.dropsWhileBusy = dropsWhileBusy
        super.init(observer: observer)
    }

    /// Subscribes to a fixed list of inner sequences (the static `merge`s): there is no outer
    /// sequence, so it counts as completed once all are subscribed.
    func run(sources: [Observable<Inner.Element>]) -> Disposable {
        lock.performLocked { activeCount += sources.count }
        for source in sources {
            // A source that ended the merge while being subscribed to (an error) leaves the rest
            // unsubscribed: their work would start only to be disposed at once.
            if lock.performLocked({ terminated }) { break }
            subscribeInner(source)
        }
        let completes: Bool = lock.performLocked {
            outerStopped = true
            return activeCount == 0 && synchronized_terminate(error: nil)
        }
        if completes { dispose() }
        return group
    }

    override func receiveNext(_ element: SourceElement) {
        // Counted under the lock; the selector (user code) runs and the inner sequence is
        // subscribed after it. Outer elements never overlap, so neither do selector calls.
        let proceeds: Bool = lock.performLocked {
            if terminated || (dropsWhileBusy && activeCount > 0) { return false }
            activeCount += 1
            return true
        }
        guard proceeds, let source = select(selector, element) else { return }
        // A `just` needs no inner observer: its element and completion are handed on here.
        if source.deliverJustElement({
            forwardInner($0)
            activeCompleted(key: nil)
        }) {
            return
        }
        subscribeInner(source)
    }

    override func innerCompleted(key: CompositeDisposable.DisposeKey) {
        activeCompleted(key: key)
    }

    /// An inner sequence completed (`key`: its subscription in the group, if it has one):
    /// completes the result if it was the last and the outer sequence has completed.
    private func activeCompleted(key: CompositeDisposable.DisposeKey?) {
        let completes: Bool = lock.performLocked {
            activeCount -= 1
            return outerStopped && activeCount == 0 && synchronized_terminate(error: nil)
        }
        if let key { group.remove(for: key) }
        if completes { dispose() }
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

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = MergeSink(selector: selector, dropsWhileBusy: dropsWhileBusy, observer: observer)
        return sink.disposer(owning: sink.run(source)) ?? sink
    }
}

private final class MergeArray<Element>: Producer<Element> {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = MergeSink<Observable<Element>, Observable<Element>>(
            selector: { $0 },
            dropsWhileBusy: false,
            observer: observer
        )
        return sink.disposer(owning: sink.run(sources: sources)) ?? sink
    }
}

// MARK: - Limited concurrency

private final class MergeLimitedSink<SourceElement, Inner: ObservableConvertibleType>: MergeSinkBase<
    SourceElement, Inner.Element
>
{
    typealias Selector = (SourceElement) throws -> Inner

    private let selector: Selector
    private let maxConcurrent: Int

    // Guarded by `lock`. The selectors' sequences as `Observable`s (see `select`), kept as
    // `AnyObject`s: a queue of a type that depends on this class's parameters would look up its
    // generic metadata (and its storage's) at each use, in RxCore's unspecialised code.
    @exclusivity(unchecked) private var waiting = Queue<AnyObject>(capacity: 2)

    init(selector: @escaping Selector, maxConcurrent: Int, observer: Receiver<Inner.Element>) {
        self.selector = selector
        self.maxConcurrent = maxConcurrent
        super.init(observer: observer)
    }

    override func receiveNext(_ element: SourceElement) {
        // The selector runs when the element arrives, even if its sequence has to wait, and
        // outside the lock (user code). A slot is taken under the lock before it runs, or
        // the sequence is queued after it; either way it is subscribed outside the lock.
        let hasSlot: Bool? = lock.performLocked {
            if terminated { return nil }
            if activeCount < maxConcurrent {
                activeCount += 1
                return true
            }
            return false
        }
        guard let hasSlot, let inner = select(selector, element) else { return }
        if hasSlot {
            subscribeInner(inner)
            return
        }
        // A running sequence may have completed while the selector ran: take its slot.
        let next: Observable<Inner.Element>? = lock.performLocked {
            if terminated { return nil }
            waiting.enqueue(inner)
            if activeCount < maxConcurrent, let next = synchronized_dequeueWaiting() {
                activeCount += 1
                return next
            }
            return nil
        }
        if let next { subscribeInner(next) }
    }

    /// The oldest waiting sequence (called under `lock`). Every entry is an `Observable` of
    /// this sink's element type (only `receiveNext` enqueues), which makes the downcast sound.
    private func synchronized_dequeueWaiting() -> Observable<Inner.Element>? {
        guard let next = waiting.dequeue() else { return nil }
        return unsafeDowncast(next, to: Observable<Inner.Element>.self)
    }

    /// The next waiting sequence takes the completed one's place, or the result completes if
    /// nothing is left.
    override func innerCompleted(key: CompositeDisposable.DisposeKey) {
        let (next, completes): (Observable<Inner.Element>?, Bool) = lock.performLocked {
            if terminated { return (nil, false) }
            if let next = synchronized_dequeueWaiting() { return (next, false) }
            activeCount -= 1
            return (nil, outerStopped && activeCount == 0 && synchronized_terminate(error: nil))
        }
        group.remove(for: key)
        if let next { subscribeInner(next) }
        if completes { dispose() }
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

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = MergeLimitedSink(selector: selector, maxConcurrent: maxConcurrent, observer: observer)
        return sink.disposer(owning: sink.run(source)) ?? sink
    }
}
