/// One subscription's running state for an operator: it forwards events downstream until it
/// is disposed, and then forwards nothing more.
///
/// It is the `Receiver` of its upstream's `Input` elements (`Never` for a sink that subscribes
/// nothing itself, or only through private observers). `Observer` is the downstream: a
/// `Receiver<Output>` for sinks on the element-level path (`forwardNext`, `forwardError`,
/// `forwardCompleted`), which hand bare values on; sinks not converted yet build `Event`s and
/// use `forwardOn`.
class Sink<Input, Observer: ObserverType>: Receiver<Input>, Disposable {
    final let observer: Observer
    final let cancel: Cancelable
    private let disposed = InlineAtomicInt(0)

    #if DEBUG
    private let synchronizationTracker = OverlapTracker()
    #endif
    #if TRACE_RESOURCES
    /// Where this stage was subscribed, delivered and disposed (thread hops, anomalies 3–5).
    final let hops = HopRecording()
    #endif

    init(observer: Observer, cancel: Cancelable) {
        self.observer = observer
        self.cancel = cancel
        super.init()
        #if TRACE_RESOURCES
        let stack = Resources.track(self, kind: .sink)
        hops.beginOperator(owner: self, downstream: observer, sinkStack: stack)
        #endif
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
        if disposed.isFlagSet(1) {
            if hops.stage != 0 { hops.eventAfterDispose(event) }
            return
        }
        hops.recordFrequent(.delivered)
        #else
        if disposed.isFlagSet(1) { return }
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
        if disposed.isFlagSet(1) {
            if hops.stage != 0 { droppedNext() }
            return false
        }
        hops.recordFrequent(.delivered)
        return true
        #else
        return !disposed.isFlagSet(1)
        #endif
    }

    /// An observer that forwards straight to this sink's downstream (used by `catch`, `retry`…).
    final func forwarder() -> SinkForward<Input, Observer> {
        SinkForward(forward: self)
    }

    final var isDisposed: Bool { disposed.isFlagSet(1) }

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

    func dispose() {
        #if TRACE_RESOURCES
        if disposed.fetchOr(1) & 1 == 0, hops.stage != 0 {
            hops.recordDisposed()
            if hops.downstreamIsSubscriber { hops.checkDisposeWhileDelivering(observer) }
        }
        #else
        disposed.fetchOr(1)
        #endif
        cancel.dispose()
    }

    deinit {
        #if TRACE_RESOURCES
        hops.finish(.delivered)
        Resources.untrack(self)
        #endif
    }
}

#if TRACE_RESOURCES
extension Sink: HopDownstream {
    var hopStageID: UInt32 { hops.stage }
}
#endif

/// Forwards events to a sink's downstream observer; a terminal event also disposes the sink.
final class SinkForward<Input, Observer: ObserverType>: Receiver<Observer.Element> {
    private let forward: Sink<Input, Observer>

    init(forward: Sink<Input, Observer>) {
        self.forward = forward
    }

    override func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next:
            forward.observer.on(event)
        case .error, .completed:
            forward.observer.on(event)
            forward.cancel.dispose()
        }
    }
}

#if TRACE_RESOURCES
extension SinkForward: HopDownstream {
    var hopStageID: UInt32 { forward.hops.stage }
}
#endif
