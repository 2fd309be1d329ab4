/// The bits of a sink's `state`.
private enum Flag {
    static let disposed = 1
    static let subscriptionSet = 2
}

/// One subscription's running state for an operator: it forwards events downstream until it
/// is disposed, and then forwards nothing more.
///
/// It is the `Receiver` of its upstream's `Input` elements (`Never` for a sink that subscribes
/// nothing itself, or only through private observers). `Observer` is the downstream: a
/// `Receiver<Output>` for sinks on the element-level path (`forwardNext`, `forwardError`,
/// `forwardCompleted`), which hand bare values on; sinks not converted yet build `Event`s and
/// use `forwardOn`.
///
/// A sink is also its subscription's disposable: it owns the upstream subscription its
/// producer's `run` made (`disposer(owning:)`) and disposes it exactly once, when the sink is disposed
/// from outside or ends itself on a terminal event. Between two sinks that is all: the
/// downstream sink holds this one as its upstream subscription and lets go of it when it ends,
/// so no disposer object per stage (RxSwift's `SinkDisposer`: an allocation, a reference cycle
/// to break and its exclusivity checks on every subscription). Only a sink whose
/// downstream is not a sink (a subscriber's observer, an operator's private observer) gets a
/// `SinkDisposer` as its `owner`, which the subscriber holds: the disposer lets go of the sink
/// when the subscription ends, so a subscriber that keeps its `Disposable` after completion or
/// `dispose()` keeps nothing of the chain alive (its observer and closures could otherwise
/// close a reference cycle through the subscriber, as RxSwift never does).
@usableFromInline
class Sink<Input, Observer: ReceiverBase & ObserverType>: Receiver<Input>, Cancelable {
    final let observer: Observer
    private let state = InlineAtomicInt(0)
    /// The upstream subscription, once `run` has returned it. Written by `disposer(owning:)`
    /// before it publishes `subscriptionSet`, then read and cleared by exactly one of
    /// `disposer(owning:)` and `dispose`: the one whose `fetchOr` sees the other's bit already
    /// set. The flag protocol orders every access (acquire/release on `state`), so the
    /// runtime's exclusivity check would only cost time (two per stage).
    @exclusivity(unchecked) private var subscription: Disposable?
    /// What the subscriber holds when the downstream does not let go of its subscription by
    /// itself (see `ReceiverBase.releasesSubscriptionWhenDone`); `nil` between sinks.
    private let owner: SinkDisposer?

    #if DEBUG
    private let synchronizationTracker = OverlapTracker()
    #endif
    #if TRACE_RESOURCES
    /// Where this stage was subscribed, delivered and disposed (thread hops, anomalies 3–5).
    final let hops = HopRecording()
    #endif

    init(observer: Observer) {
        self.observer = observer
        owner = observer.releasesSubscriptionWhenDone ? nil : SinkDisposer()
        super.init()
        owner?.own(self)
        #if TRACE_RESOURCES
        let stack = Resources.track(self, kind: .sink)
        // `self.observer`, not the parameter: the parameter was consumed by the store above,
        // and using it again cost a retain and a release per sink.
        hops.beginOperator(owner: self, downstream: self.observer, sinkStack: stack)
        #endif
    }

    /// A sink releases the subscription it makes when it ends (`dispose`), so its upstream
    /// may hand it the upstream sink itself as that subscription.
    override final var releasesSubscriptionWhenDone: Bool { true }

    override final func disposeOwnedSink() {
        dispose()
    }

    /// Sends `event` downstream unless this sink was disposed.
    @inline(__always)
    final func forwardOn(_ event: Event<Observer.Element>) {
        #if DEBUG
        let entry = synchronizationTracker.enter(OverlapTracker.threadToken)
        reportOverlap(entry, message: .default, stage: 0)
        defer { _ = synchronizationTracker.leave(entry) }
        #endif
        #if TRACE_RESOURCES
        if state.isFlagSet(Flag.disposed) {
            if hops.stage != 0 { hops.eventAfterDispose(event) }
            return
        }
        hops.recordFrequent(.delivered)
        #else
        if state.isFlagSet(Flag.disposed) { return }
        #endif
        observer.on(event)
    }

    #if DEBUG
    /// Marks this sink as sending downstream (the overlap check of `forwardOn` and friends).
    @inline(__always)
    final func enterForwarding() -> OverlapTracker.Entry {
        let entry = synchronizationTracker.enter(OverlapTracker.threadToken)
        reportOverlap(entry, message: .default, stage: 0)
        return entry
    }

    @inline(__always)
    final func leaveForwarding(_ entry: OverlapTracker.Entry) {
        _ = synchronizationTracker.leave(entry)
    }
    #endif

    /// Whether an event may go downstream now: not after disposal (traced builds record the
    /// delivery, or anomaly 3 for an element sent after disposal via `droppedNext`).
    @inline(__always)
    final func mayForward(droppedNext: () -> Void) -> Bool {
        #if TRACE_RESOURCES
        if state.isFlagSet(Flag.disposed) {
            if hops.stage != 0 { droppedNext() }
            return false
        }
        hops.recordFrequent(.delivered)
        return true
        #else
        return !state.isFlagSet(Flag.disposed)
        #endif
    }

    /// An observer that forwards to this sink's downstream (`timeout`'s `other`).
    final func forwarder() -> SinkForward<Input, Observer> {
        SinkForward(forward: self)
    }

    @usableFromInline final var isDisposed: Bool { state.isFlagSet(Flag.disposed) }

    /// Takes the upstream subscription its producer's `run` made. Returns the `SinkDisposer`
    /// the subscriber holds when the downstream is not a sink, else `nil`: the sink itself is
    /// the subscription's disposable, and `run` returns `sink.disposer(owning: …) ?? sink`.
    /// (Returning `self` from here would build the existential from the static type
    /// `Sink<Input, Observer>`, a generic-metadata look-up per sink; `run` has its concrete
    /// sink type's metadata at hand.) A sink disposed while `run` was still running (by a
    /// terminal event during the subscription, or from another thread) disposes
    /// `subscription` at once.
    @usableFromInline final func disposer(owning subscription: __owned Disposable) -> SinkDisposer? {
        self.subscription = subscription
        let previous = state.fetchOr(Flag.subscriptionSet)
        if previous & Flag.subscriptionSet != 0 {
            rxFatalError("Subscription was already set")
        }
        if previous & Flag.disposed != 0 {
            self.subscription.take()?.dispose()
        }
        return owner
    }

    #if DEBUG || TRACE_RESOURCES
    /// This sink's stage for anomaly reports (0 in untraced debug builds).
    final var hopStageForReports: UInt32 {
        #if TRACE_RESOURCES
        return hops.stage
        #else
        return 0
        #endif
    }
    #endif

    /// Ends the subscription: nothing more goes downstream, and the upstream subscription is
    /// disposed, once however often this is called. Subclasses that hold more than the upstream
    /// subscription override it and call `super`.
    @usableFromInline func dispose() {
        let previous = state.fetchOr(Flag.disposed)
        if previous & Flag.disposed != 0 { return }
        #if TRACE_RESOURCES
        if hops.stage != 0 {
            hops.recordDisposed()
            if hops.downstreamIsSubscriber { hops.checkDisposeWhileDelivering(observer) }
        }
        #endif
        if previous & Flag.subscriptionSet != 0 {
            guard let subscription = subscription.take() else { rxFatalError("Subscription not set") }
            subscription.dispose()
        }
        // The owner lets go of this sink (its own `dispose` finds this one done).
        owner?.dispose()
    }

    #if TRACE_RESOURCES
    override final var hopStageID: UInt32 { hops.stage }
    #endif

    deinit {
        #if TRACE_RESOURCES
        hops.finish(.delivered)
        Resources.untrack(self)
        #endif
    }
}

/// Forwards events to a sink's downstream observer; a terminal event also disposes the sink.
/// Nothing goes downstream once the sink is disposed, even from a sequence still sending
/// synchronously while it is being subscribed to (`timeout`'s `other` as `startWith(a, b)`: the
/// downstream that ended on `a` would otherwise get `b`, and a `flatMapLatest` there subscribe
/// an inner sequence for it).
final class SinkForward<Input, Observer: ReceiverBase & ObserverType>: Receiver<Observer.Element> {
    private let forward: Sink<Input, Observer>

    init(forward: Sink<Input, Observer>) {
        self.forward = forward
    }

    override func on(_ event: Event<Observer.Element>) {
        forward.forwardOn(event)
        if event.isStopEvent { forward.dispose() }
    }

    #if TRACE_RESOURCES
    override var hopStageID: UInt32 { forward.hops.stage }
    #endif
}
