/// One subscription's running state for an operator: it forwards events downstream until it
/// is disposed, and then forwards nothing more.
class Sink<Observer: ObserverType>: Disposable {
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

    /// An observer that forwards straight to this sink's downstream (used by `catch`, `retry`…).
    final func forwarder() -> SinkForward<Observer> {
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
final class SinkForward<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element

    private let forward: Sink<Observer>

    init(forward: Sink<Observer>) {
        self.forward = forward
    }

    func on(_ event: Event<Element>) {
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
