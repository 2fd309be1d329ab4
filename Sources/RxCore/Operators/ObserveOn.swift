extension ObservableType {
    /// Delivers every event on `scheduler`, in order.
    ///
    /// On a `SerialDispatchQueueScheduler` the elements that arrive while a delivery is pending
    /// go out together in that one work item, and each is skipped when the subscription was
    /// disposed in the meantime, which is what guarantees that nothing is delivered after
    /// `dispose()` returns on that queue.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        guard let serialScheduler = scheduler as? SerialDispatchQueueScheduler else {
            return ObserveOn(source: asObservable(), scheduler: scheduler)
        }
        return ObserveOnSerialDispatchQueue(source: asObservable(), scheduler: serialScheduler)
    }

    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        observe(on: scheduler)
    }
}

/// How the source ended, kept apart from the queued elements so that the queue holds bare
/// elements (no `Event<Element>`, whose metadata unspecialised code looks up at run time) and the
/// terminal event goes out after the last of them.
private enum ObserveOnTerminal {
    case error(Swift.Error)
    case completed
}

/// What the producer side and the scheduled deliveries share, under the sink's lock. No generic
/// parameter: neither the lock nor anything in it needs a metadata look-up.
private struct ObserveOnQueue: ~Copyable {
    var pending = ElementBuffer()
    var terminal: ObserveOnTerminal?
    /// A delivery is scheduled (or, for `ObserveOnSink`, running) and will see what is queued.
    var isDeliveryScheduled = false

    /// Whether the caller must schedule a delivery (none is under way).
    mutating func claimDelivery() -> Bool {
        if isDeliveryScheduled { return false }
        isDeliveryScheduled = true
        return true
    }

    mutating func takeTerminal() -> ObserveOnTerminal? {
        defer { terminal = nil }
        return terminal
    }
}

/// The producer side of both `observe(on:)` sinks: each element is appended to the queue, the
/// terminal event is kept apart, and a delivery is scheduled only when none is under way.
private class ObserveOnSinkBase<Element>: ObserverBase<Element> {
    final let observer: Receiver<Element>
    final let cancel: Cancelable
    final let queue = InlineLocked(ObserveOnQueue())

    init(observer: Receiver<Element>, cancel: Cancelable) {
        self.observer = observer
        self.cancel = cancel
        super.init()
    }

    #if TRACE_RESOURCES
    /// Registers the sink and its stage; the producer's `run` calls it right after making the
    /// sink. Not from this class's initialiser: the report names a sink by the first frame
    /// outside its type's initialisers, which would be that one (a method is skipped, and the
    /// next frame is the producer's `run`, as for a sink that registers in its own initialiser).
    final func track() {
        let stack = Resources.track(self, kind: .sink)
        hops.beginOperator(owner: self, downstream: observer, sinkStack: stack)
    }
    #endif

    override final func nextCore(_ element: Element) {
        let shouldSchedule = queue.withLock { queue in
            queue.pending.append(element)
            return queue.claimDelivery()
        }
        if shouldSchedule { scheduleDelivery() }
    }

    override final func errorCore(_ error: Swift.Error) {
        end(.error(error))
    }

    override final func completedCore() {
        end(.completed)
    }

    private func end(_ terminal: ObserveOnTerminal) {
        let shouldSchedule = queue.withLock { queue in
            queue.terminal = terminal
            return queue.claimDelivery()
        }
        if shouldSchedule { scheduleDelivery() }
    }

    /// Schedules the delivery of what is queued (the subclass's scheduler and steps).
    func scheduleDelivery() {
        rxAbstractMethod()
    }

    /// Sends the terminal event downstream on the scheduler, then ends the subscription.
    final func deliver(_ terminal: ObserveOnTerminal) {
        #if TRACE_RESOURCES
        hops.record(.delivered)
        hops.recordTerminal()
        #endif
        switch terminal {
        case .error(let error): observer.receiveError(error)
        case .completed: observer.receiveCompleted()
        }
        dispose()
    }

    override func dispose() {
        super.dispose()
        cancel.dispose()
    }

    deinit {
        // The buffers free their storage; the elements still queued are destroyed here, where
        // their type is known.
        queue.withLock { $0.pending.removeAll(as: Element.self) }
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}

// MARK: - Any scheduler

/// `observe(on:)` on a scheduler that is not a serial dispatch queue (a concurrent queue, an
/// operation queue, virtual time). As RxSwift: one step of a recursive schedule per element, so
/// steps never overlap even on a concurrent queue, and on virtual time each element of a burst
/// arrives one tick after the previous one, the terminal event one tick after the last element.
private final class ObserveOnSink<Element>: ObserveOnSinkBase<Element> {
    private let scheduler: ImmediateSchedulerType
    private let scheduleDisposable = SerialDisposable()

    /// The elements the running steps deliver, one per step, from `deliveredCount` on. Only the
    /// running schedule touches them (one step at a time), so they need no lock: a step refills
    /// them from the queue under the lock when they are used up.
    private var delivering = ElementBuffer()
    private var deliveredCount = 0

    init(scheduler: ImmediateSchedulerType, observer: Receiver<Element>, cancel: Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    override func scheduleDelivery() {
        scheduleDisposable.disposable = scheduler.scheduleRecursive((), action: step)
    }

    /// What a step found to send when its own elements were used up.
    private enum Refill {
        case elements
        case terminal(ObserveOnTerminal)
        case nothing
    }

    /// One element, or the terminal event once every element is out.
    private func step(_: (), _ recurse: (()) -> Void) {
        if deliveredCount == delivering.count {
            delivering.removeAll(as: Element.self)
            deliveredCount = 0
            let refill: Refill = queue.withLock { queue in
                if !queue.pending.isEmpty {
                    swap(&queue.pending, &delivering)
                    return .elements
                }
                if let terminal = queue.takeTerminal() { return .terminal(terminal) }
                queue.isDeliveryScheduled = false
                return .nothing
            }
            switch refill {
            case .nothing:
                return
            case .terminal(let terminal):
                if !cancel.isDisposed { deliver(terminal) }
                return
            case .elements:
                break
            }
        }
        if cancel.isDisposed { return }
        #if TRACE_RESOURCES
        hops.record(.delivered)
        #endif
        let index = deliveredCount
        deliveredCount += 1
        observer.receiveNext(delivering.element(at: index, as: Element.self))
        if deliveredCount < delivering.count || hasMore() {
            recurse(())
        }
    }

    /// Whether more is queued; otherwise the schedule stops here.
    private func hasMore() -> Bool {
        queue.withLock { queue in
            if queue.pending.isEmpty, queue.terminal == nil {
                queue.isDeliveryScheduled = false
                return false
            }
            return true
        }
    }

    override func dispose() {
        super.dispose()
        scheduleDisposable.dispose()
    }

    deinit {
        delivering.removeAll(as: Element.self)
    }
}

private final class ObserveOn<Element>: Producer<Element> {
    private let scheduler: ImmediateSchedulerType
    private let source: Observable<Element>

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
        self.source = source
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let disposer = SinkDisposer()
        let sink = ObserveOnSink(scheduler: scheduler, observer: observer, cancel: disposer)
        #if TRACE_RESOURCES
        sink.track()
        #endif
        disposer.setSinkAndSubscription(sink: sink, subscription: source.subscribeReceiver(sink))
        return disposer
    }
}

// MARK: - Serial dispatch queue

/// A sink whose queued elements a scheduled drain delivers (what the drain work item calls).
/// Not generic, so the drain action is one closure for every element type: a closure made in
/// the generic sink would capture its type's metadata, one more object per drain.
private protocol ObserveOnDrain: AnyObject {
    func drain()
}

private let drainAction: (ObserveOnDrain) -> Disposable = { sink in
    sink.drain()
    return Disposables.create()
}

/// `observe(on:)` on a serial dispatch queue (`MainScheduler` included). A drain is scheduled
/// only when none is pending; it delivers everything queued when it starts, then the terminal
/// event if one came, in one work item.
///
/// What a user sees is what RxSwift's one work item per event gives: the order, one delivery at a
/// time on the queue, the terminal event after the last element, nothing after `dispose()`
/// returns on the queue (checked before each element), and an element sent from inside a
/// delivery (reentrancy) is delivered by a later work item, never inside the current one. The
/// difference: the events of one burst are no longer interleaved with other work submitted to
/// the same queue between them (such as another subscription's events).
private final class ObserveOnSerialDispatchQueueSink<Element>: ObserveOnSinkBase<Element>, ObserveOnDrain {
    private let scheduler: SerialDispatchQueueScheduler

    /// The storage the previous drain delivered from, emptied: the next drain swaps it in for
    /// the queue's, so a steady stream reuses two buffers instead of allocating one per drain.
    /// Drains never overlap (one serial queue), and only they use it.
    private var spare = ElementBuffer()

    init(scheduler: SerialDispatchQueueScheduler, observer: Receiver<Element>, cancel: Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    override func scheduleDelivery() {
        // The returned disposable is not kept: a drain that runs after `dispose` delivers nothing.
        _ = scheduler.schedule(self as ObserveOnDrain, action: drainAction)
    }

    func drain() {
        var batch = ElementBuffer()
        swap(&batch, &spare)
        let terminal: ObserveOnTerminal? = queue.withLock { queue in
            swap(&queue.pending, &batch)
            // Anything that arrives from now on (from inside the deliveries below, too) gets a
            // drain of its own, which the serial queue runs after this one.
            queue.isDeliveryScheduled = false
            return queue.takeTerminal()
        }
        var delivered = 0
        while delivered < batch.count, !cancel.isDisposed {
            observer.receiveNext(batch.element(at: delivered, as: Element.self))
            delivered += 1
        }
        #if TRACE_RESOURCES
        // One update of the stage table per drain: the same counts as one per element.
        if delivered > 0, hops.stage != 0 {
            HopStageTable.add(
                stage: hops.stage,
                .delivered,
                place: HopThreadState.currentPlace,
                count: UInt64(delivered)
            )
        }
        #endif
        batch.removeAll(as: Element.self)
        swap(&batch, &spare)
        if let terminal, !cancel.isDisposed { deliver(terminal) }
    }

    override func dispose() {
        super.dispose()
        // What is still queued will never be delivered: release it now, not when the drain runs.
        queue.withLock { queue in
            queue.pending.removeAll(as: Element.self)
            queue.terminal = nil
        }
    }
}

private final class ObserveOnSerialDispatchQueue<Element>: Producer<Element> {
    private let scheduler: SerialDispatchQueueScheduler
    private let source: Observable<Element>

    init(source: Observable<Element>, scheduler: SerialDispatchQueueScheduler) {
        self.scheduler = scheduler
        self.source = source
        #if TRACE_RESOURCES
        serialDispatchQueueObservableCount.add(1, ordering: .relaxed)
        #endif
    }

    #if TRACE_RESOURCES
    deinit {
        serialDispatchQueueObservableCount.subtract(1, ordering: .relaxed)
    }
    #endif

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let disposer = SinkDisposer()
        let sink = ObserveOnSerialDispatchQueueSink(scheduler: scheduler, observer: observer, cancel: disposer)
        #if TRACE_RESOURCES
        sink.track()
        #endif
        disposer.setSinkAndSubscription(sink: sink, subscription: source.subscribeReceiver(sink))
        return disposer
    }
}

#if TRACE_RESOURCES
import Synchronization

private let serialDispatchQueueObservableCount = Atomic<Int32>(0)

extension Resources {
    /// How many `observe(on:)` observables specialised for a serial dispatch queue are alive
    /// (RxSwift's counter of the same name, which its tests read).
    public static var numberOfSerialDispatchQueueObservables: Int32 {
        serialDispatchQueueObservableCount.load(ordering: .relaxed)
    }
}
#endif
