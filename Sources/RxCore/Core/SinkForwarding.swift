/// The element-level path: a sink whose downstream is a `Receiver` hands it bare values, so no
/// `Event<Output>` (and no look-up of its metadata) is made per event. Same rules as
/// `forwardOn`: nothing after the sink is disposed, overlapping calls reported in debug builds,
/// deliveries and anomaly 3 recorded in traced builds.
extension Sink {
    @inline(__always)
    final func forwardNext<Output>(_ element: Output) where Observer == Receiver<Output> {
        #if DEBUG
        let entry = enterForwarding()
        defer { leaveForwarding(entry) }
        #endif
        #if TRACE_RESOURCES
        guard mayForward(droppedNext: { hops.elementAfterDispose() }) else { return }
        #else
        guard mayForward(droppedNext: {}) else { return }
        #endif
        observer.receiveNext(element)
    }

    @inline(__always)
    final func forwardError<Output>(_ error: Swift.Error) where Observer == Receiver<Output> {
        #if DEBUG
        let entry = enterForwarding()
        defer { leaveForwarding(entry) }
        #endif
        guard mayForward(droppedNext: {}) else { return }
        observer.receiveError(error)
    }

    @inline(__always)
    final func forwardCompleted<Output>() where Observer == Receiver<Output> {
        #if DEBUG
        let entry = enterForwarding()
        defer { leaveForwarding(entry) }
        #endif
        guard mayForward(droppedNext: {}) else { return }
        observer.receiveCompleted()
    }
}
