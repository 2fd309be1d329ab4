extension ObservableType {
    /// A sequence of one element, then completion; delivered synchronously on subscribe.
    @inlinable public static func just(_ element: Element) -> Observable<Element> {
        #if TRACE_RESOURCES
        // The client, which knows `Element`, names the stage's type here (its metadata cached
        // in the client); RxCore's own `run` would look it up on every subscription.
        Just(element: element, stageType: JustSink<Element>.self)
        #else
        Just(element: element)
        #endif
    }

    /// A sequence of one element, then completion, both delivered on `scheduler`.
    /// `@inlinable` like `just(_:)`: the client makes the producer and caches its metadata.
    @inlinable public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        JustScheduled(element: element, scheduler: scheduler)
    }
}

private final class JustScheduledSink<Element>: Sink<Never, Receiver<Element>> {
    typealias Parent = JustScheduled<Element>

    private let parent: Parent

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        let scheduler = parent.scheduler
        return scheduler.schedule(parent.element) { element in
            self.forwardNext(element)
            return scheduler.schedule(()) { _ in
                self.forwardCompleted()
                self.dispose()
                return Disposables.create()
            }
        }
    }
}

@usableFromInline
final class JustScheduled<Element>: Producer<Element> {
    fileprivate let scheduler: ImmediateSchedulerType
    fileprivate let element: Element

    @usableFromInline init(element: Element, scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
        self.element = element
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = JustScheduledSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}

#if TRACE_RESOURCES
/// The name of `just`'s stage in the thread-hop recording (a chain reads `JustSink`, then its
/// operators' sinks). Never made: see `Just.run`.
@usableFromInline
final class JustSink<Element> {
    private init() {}
}
#endif

@usableFromInline
final class Just<Element>: Producer<Element> {
    @usableFromInline let element: Element

    #if TRACE_RESOURCES
    /// `JustSink<Element>`, named by `just` in the client.
    private let stageType: AnyObject.Type

    @usableFromInline init(element: Element, stageType: AnyObject.Type) {
        self.element = element
        self.stageType = stageType
    }

    // Traced, the subscription records the stage a sink would (a chain shows `JustSink`, as in
    // the seed example's four sinks, with its places), inside `run` as any producer's, but makes
    // no sink: it ends before `run` returns, so no snapshot or report could show it alive, and
    // nothing can dispose it early. The stage's allocation stack is captured where the sink's
    // would have been.
    override func run(_ observer: Receiver<Element>) -> Disposable {
        let hops = HopRecording()
        hops.beginOperator(type: stageType, downstream: observer, sinkStack: ResourceRegistry.stageStack())
        hops.recordFrequent(.delivered)
        observer.receiveNext(element)
        hops.recordFrequent(.delivered)
        observer.receiveCompleted()
        hops.end(downstream: observer)
        return Disposables.create()
    }
    #else
    @usableFromInline init(element: Element) {
        self.element = element
    }

    // Untraced, the element goes straight to the observer, inside the trampoline as any
    // producer's subscription: a sink (and its `SinkDisposer` when the observer is not a sink)
    // would only hold flags that nothing can set before the sequence has ended (up to two
    // objects per subscription less; every inner `just` of a flatMap pays this per element).
    override func subscribeReceiver(_ observer: Receiver<Element>) -> Disposable {
        inTrampoline {
            observer.receiveNext(element)
            observer.receiveCompleted()
        }
        return Disposables.create()
    }
    #endif

    override func deliverJustElement(_ body: (Element) -> Void) -> Bool {
        inTrampoline { body(element) }
        return true
    }

    /// Runs `body` where a subscription's `run` would: inside the current thread's trampoline.
    private func inTrampoline(_ body: () -> Void) {
        if !CurrentThreadScheduler.isScheduleRequired {
            body()
            return
        }
        _ = CurrentThreadScheduler.runTrampoline {
            body()
            return Disposables.create()
        }
    }
}
