/// Base of every operator's observable: `subscribe` builds the operator's sink through `run`,
/// inside a `CurrentThreadScheduler` trampoline so that recursive subscriptions are
/// serialised instead of growing the stack.
class Producer<Element>: Observable<Element> {
    override init() {
        super.init()
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribeReceiver(observer.asReceiver())
    }

    /// RxCore's own sinks subscribe here: straight to `run`, no cast, no adapter.
    override func subscribeReceiver(_ receiver: Receiver<Element>) -> Disposable {
        if !CurrentThreadScheduler.isScheduleRequired {
            return runWithDisposer(receiver)
        }
        // Entering the trampoline without `schedule`, whose escaping closure would cost an
        // allocation per top-level subscription; the behaviour is `schedule`'s first branch.
        return CurrentThreadScheduler.runTrampoline { runWithDisposer(receiver) }
    }

    @inline(__always)
    private func runWithDisposer(_ observer: Receiver<Element>) -> Disposable {
        #if TRACE_RESOURCES
        // The sinks `run` creates record this producer as the API they came from, and link to
        // the stage subscribing them when their observer is private to an operator.
        let hopState = HopThreadState.current
        let enclosingProducer = hopState.pointee.runningProducerStack
        let enclosingProducerType = hopState.pointee.runningProducerType
        let enclosingStages = hopState.pointee.stackCount
        hopState.pointee.runningProducerStack = traceStack
        hopState.pointee.runningProducerType = type(of: self)
        hopState.pointee.runDepth += 1
        defer {
            hopState.pointee.runDepth -= 1
            hopState.pointee.runningProducerStack = enclosingProducer
            hopState.pointee.runningProducerType = enclosingProducerType
            hopState.pointee.stackCount = enclosingStages
        }
        #endif
        let disposer = SinkDisposer()
        let sinkAndSubscription = run(observer, cancel: disposer)
        disposer.setSinkAndSubscription(sink: sinkAndSubscription.sink, subscription: sinkAndSubscription.subscription)
        return disposer
    }

    /// Builds the sink for one subscription and starts it. `cancel` is the subscription's
    /// disposer: the sink disposes it to end the subscription from inside. `observer` is a
    /// class, not a generic parameter, so this is an ordinary override (see `Receiver`).
    func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        rxAbstractMethod()
    }
}

/// Owns one subscription's sink and upstream subscription, and disposes both exactly once,
/// even when `dispose()` races with `run` still returning.
final class SinkDisposer: Cancelable {
    private enum Flag {
        static let disposed = 1
        static let sinkAndSubscriptionSet = 2
    }

    private let state = InlineAtomicInt(0)
    private var sink: Disposable?
    private var subscription: Disposable?

    init() {
        #if TRACE_RESOURCES
        Resources.track(self, kind: .disposable)
        #endif
    }

    var isDisposed: Bool { state.isFlagSet(Flag.disposed) }

    func setSinkAndSubscription(sink: Disposable, subscription: Disposable) {
        self.sink = sink
        self.subscription = subscription
        let previous = state.fetchOr(Flag.sinkAndSubscriptionSet)
        if previous & Flag.sinkAndSubscriptionSet != 0 {
            rxFatalError("Sink and subscription were already set")
        }
        if previous & Flag.disposed != 0 {
            sink.dispose()
            subscription.dispose()
            self.sink = nil
            self.subscription = nil
        }
    }

    func dispose() {
        let previous = state.fetchOr(Flag.disposed)
        if previous & Flag.disposed != 0 { return }
        if previous & Flag.sinkAndSubscriptionSet != 0 {
            guard let sink, let subscription else { rxFatalError("Sink or subscription not set") }
            sink.dispose()
            subscription.dispose()
            self.sink = nil
            self.subscription = nil
        }
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}
