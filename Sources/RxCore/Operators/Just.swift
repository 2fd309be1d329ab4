extension ObservableType {
    /// A sequence of one element, then completion; delivered synchronously on subscribe.
    @inlinable public static func just(_ element: Element) -> Observable<Element> {
        #if TRACE_RESOURCES
        // Traced builds subscribe a real sink (see `Just`). The client, which knows `Element`,
        // makes it here and caches `JustSink`'s concrete metadata; RxCore's own `run` looked
        // it up at run time on every subscription. The closure captures nothing.
        Just(element: element) { just, observer in
            let sink = JustSink(observer: observer)
            _ = sink.disposer(owning: sink.run(just.element))
            return Disposables.create()
        }
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
@usableFromInline
final class JustSink<Element>: Sink<Never, Receiver<Element>> {
    @usableFromInline init(observer: Receiver<Element>) {
        super.init(observer: observer, endsInRun: true)
    }

    @usableFromInline func run(_ element: Element) -> Disposable {
        forwardNext(element)
        forwardCompleted()
        dispose()
        return Disposables.create()
    }
}
#endif

@usableFromInline
final class Just<Element>: Producer<Element> {
    @usableFromInline let element: Element

    #if TRACE_RESOURCES
    /// Subscribes `observer` through a new `JustSink`: written by `just` in the client (see there).
    @usableFromInline typealias Run = (Just, Receiver<Element>) -> Disposable
    private let subscribeSink: Run

    @usableFromInline init(element: Element, subscribeSink: @escaping Run) {
        self.element = element
        self.subscribeSink = subscribeSink
    }

    // A real sink in traced builds, so that a chain shows `JustSink` (the seed example's four
    // sinks), with its stage in the thread-hop recording.
    override func run(_ observer: Receiver<Element>) -> Disposable {
        subscribeSink(self, observer)
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
