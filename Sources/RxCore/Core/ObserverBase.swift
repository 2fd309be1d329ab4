/// Enforces the grammar for observers: after a terminal event nothing more is delivered.
class ObserverBase<Element>: Receiver<Element>, Disposable {
    private let isStopped = InlineAtomicInt(0)
    #if TRACE_RESOURCES
    /// Where events reached this observer (thread hops), and who is inside `on` (anomalies 1, 5).
    final let hops = HopRecording()
    final let overlap = OverlapTracker()
    #endif

    override func on(_ event: Event<Element>) {
        #if TRACE_RESOURCES
        let stage = hops.stage
        if stage != 0 {
            let state = HopThreadState.current
            let place = state.pointee.place
            let entry = overlap.enter(place)
            reportOverlap(entry, message: .default, stage: stage)
            hops.recordFrequent(.received, at: place)
            let enclosingStage = state.pointee.deliveringStage
            state.pointee.deliveringStage = stage
            defer {
                state.pointee.deliveringStage = enclosingStage
                if overlap.leave(entry) {
                    ThreadAnomalyLog.attachOtherSide([.overlappingOn, .disposedWhileDelivering], stage: stage, place: place)
                }
            }
            deliver(event)
            return
        }
        #endif
        deliver(event)
    }

    @inline(__always)
    private func deliver(_ event: Event<Element>) {
        switch event {
        case .next:
            if isStopped.load() == 0 { onCore(event) }
        case .error, .completed:
            if isStopped.fetchOr(1) == 0 {
                #if TRACE_RESOURCES
                hops.recordTerminal()
                #endif
                onCore(event)
            }
        }
    }

    func onCore(_ event: Event<Element>) {
        rxAbstractMethod()
    }

    func dispose() {
        isStopped.fetchOr(1)
        #if TRACE_RESOURCES
        hops.recordDisposed()
        #endif
    }

    #if TRACE_RESOURCES
    /// Records where this observer (an operator such as `observe(on:)`) sent `event` downstream.
    final func hopForwarded(_ event: Event<Element>) {
        hops.record(.delivered)
        if event.isStopEvent { hops.recordTerminal() }
    }

    /// The subscription this observer was made for is set up (`subscribe` returned).
    final func hopSubscriptionMade() {
        hops.endSubscriber()
    }

    /// Whether this observer is the subscriber at the end of a chain (rather than an operator).
    var hopIsSubscriber: Bool { false }

    deinit {
        hops.finish(.received)
    }
    #endif
}

#if TRACE_RESOURCES
extension ObserverBase: HopDownstream {
    var hopStageID: UInt32 { hops.stage }
    var hopDeliveringThread: UInt64 { overlap.currentOwner }
    func hopFlagOverlap() { overlap.flagOverlap() }
}
#endif

/// The observer behind `subscribe(onNext:onError:onCompleted:onDisposed:)` and friends.
final class AnonymousObserver<Element>: ObserverBase<Element> {
    typealias EventHandler = (Event<Element>) -> Void

    private let eventHandler: EventHandler

    init(_ eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
        super.init()
        #if TRACE_RESOURCES
        let stack = Resources.track(self, kind: .observer)
        hops.beginSubscriber(owner: self, sinkStack: stack)
        #endif
    }

    override func onCore(_ event: Event<Element>) {
        eventHandler(event)
    }

    #if TRACE_RESOURCES
    override var hopIsSubscriber: Bool { true }
    #endif

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}
