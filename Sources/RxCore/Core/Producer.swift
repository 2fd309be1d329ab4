/// Base of every operator's observable: `subscribe` builds the operator's sink through `run`,
/// inside a `CurrentThreadScheduler` trampoline so that recursive subscriptions are
/// serialised instead of growing the stack.
@usableFromInline
class Producer<Element>: Observable<Element> {
    override init() {
        super.init()
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subscribeReceiver(observer.asReceiver())
    }

    /// RxCore's own sinks subscribe here: straight to `run`, no cast, no adapter.
    override func subscribeReceiver(_ receiver: Receiver<Element>) -> Disposable {
        if !CurrentThreadScheduler.isScheduleRequired {
            return runSubscription(receiver)
        }
        // Entering the trampoline without `schedule`, whose escaping closure would cost an
        // allocation per top-level subscription; the behaviour is `schedule`'s first branch.
        return CurrentThreadScheduler.runTrampoline { runSubscription(receiver) }
    }

    @inline(__always)
    private func runSubscription(_ observer: Receiver<Element>) -> Disposable {
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
        return run(observer)
    }

    /// Builds the sink for one subscription, starts it and returns what ends the subscription:
    /// `Sink.disposer(owning:)` gives the sink the upstream subscription, and `run` returns the
    /// sink itself, or its `SinkDisposer` when `observer` is not a sink (see `Sink`). `observer` is a class,
    /// not a generic parameter, so this is an ordinary override (see `Receiver`).
    func run(_ observer: Receiver<Element>) -> Disposable {
        rxAbstractMethod()
    }
}
