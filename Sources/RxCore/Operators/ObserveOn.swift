extension ObservableType {
    /// Delivers every event on `scheduler`, in order.
    ///
    /// On a `SerialDispatchQueueScheduler` each event is dispatched on its own and skipped when
    /// the subscription was disposed in the meantime, which is what guarantees that nothing is
    /// delivered after `dispose()` returns on that queue.
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

private enum ObserveOnState: Int32 {
    case stopped = 0
    case running = 1
}

private final class ObserveOnSink<Observer: ObserverType>: ObserverBase<Observer.Element> {
    typealias Element = Observer.Element

    private let scheduler: ImmediateSchedulerType
    private let lock = SpinLock()
    private let observer: Observer

    private var state = ObserveOnState.stopped
    private var queue = ScheduledEventQueue<Element>()

    private let scheduleDisposable = SerialDisposable()
    private let cancel: Cancelable

    init(scheduler: ImmediateSchedulerType, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        self.observer = observer
        self.cancel = cancel
        super.init()
        #if TRACE_RESOURCES
        let stack = Resources.track(self, kind: .sink)
        hops.beginOperator(owner: self, downstream: observer, sinkStack: stack)
        #endif
    }

    override func onCore(_ event: Event<Element>) {
        let shouldStart: Bool = lock.performLocked {
            queue.enqueue(event)
            switch state {
            case .stopped:
                state = .running
                return true
            case .running:
                return false
            }
        }
        if shouldStart {
            scheduleDisposable.disposable = scheduler.scheduleRecursive((), action: run)
        }
    }

    private func run(_ state: (), _ recurse: (()) -> Void) {
        let (nextEvent, observer): (Event<Element>?, Observer) = lock.performLocked {
            if let event = queue.dequeue() {
                return (event, self.observer)
            }
            self.state = .stopped
            return (nil, self.observer)
        }

        if let nextEvent, !cancel.isDisposed {
            #if TRACE_RESOURCES
            hopForwarded(nextEvent)
            #endif
            observer.on(nextEvent)
            if nextEvent.isStopEvent {
                dispose()
            }
        } else {
            return
        }

        if shouldContinue() {
            recurse(())
        }
    }

    private func shouldContinue() -> Bool {
        lock.performLocked {
            let isEmpty = queue.isEmpty
            if isEmpty { state = .stopped }
            return !isEmpty
        }
    }

    override func dispose() {
        super.dispose()
        cancel.dispose()
        scheduleDisposable.dispose()
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}

/// A FIFO of pending events.
struct ScheduledEventQueue<Element> {
    private var items: [Event<Element>] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }

    mutating func enqueue(_ event: Event<Element>) { items.append(event) }

    mutating func dequeue() -> Event<Element>? {
        guard head < items.count else { return nil }
        let event = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return event
    }
}

private final class ObserveOn<Element>: Producer<Element> {
    private let scheduler: ImmediateSchedulerType
    private let source: Observable<Element>

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
        self.source = source
    }

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = ObserveOnSink(scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

private final class ObserveOnSerialDispatchQueueSink<Observer: ObserverType>: ObserverBase<Observer.Element> {
    private let scheduler: SerialDispatchQueueScheduler
    private let observer: Observer
    private let cancel: Cancelable
    private var cachedScheduleLambda: (((sink: ObserveOnSerialDispatchQueueSink<Observer>, event: Event<Element>)) -> Disposable)!

    init(scheduler: SerialDispatchQueueScheduler, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        self.observer = observer
        self.cancel = cancel
        super.init()
        cachedScheduleLambda = { pair in
            // Checked on the target queue: a dispose that ran there before this item wins.
            guard !cancel.isDisposed else { return Disposables.create() }
            #if TRACE_RESOURCES
            pair.sink.hopForwarded(pair.event)
            #endif
            pair.sink.observer.on(pair.event)
            if pair.event.isStopEvent {
                pair.sink.dispose()
            }
            return Disposables.create()
        }
        #if TRACE_RESOURCES
        let stack = Resources.track(self, kind: .sink)
        hops.beginOperator(owner: self, downstream: observer, sinkStack: stack)
        #endif
    }

    override func onCore(_ event: Event<Element>) {
        _ = scheduler.schedule((self, event), action: cachedScheduleLambda!)
    }

    override func dispose() {
        super.dispose()
        cancel.dispose()
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
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

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = ObserveOnSerialDispatchQueueSink(scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
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
