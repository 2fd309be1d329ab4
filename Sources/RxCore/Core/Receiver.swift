/// The receiving end of a stage inside RxCore: sinks, operators' private observers and
/// subscribers' observers all derive from it, and pass elements, errors and completion to each
/// other through its three entry points, as bare values.
///
/// Why a class rather than `ObserverType`: `Producer.run` takes a `Receiver` (not a generic
/// observer), so `run` is an ordinary override, and a sink hands an element downstream with one
/// vtable call instead of building an `Event<T>` whose metadata the runtime has to look up for a
/// `T` known only at run time (a look-up that would dominate the cost of an event).
///
/// A subclass overrides either the three entry points (the element-level path) or `on(_:)`
/// (operators not converted yet): each side's default builds the other's call, so both kinds
/// work with each other and with user code that calls `on`.
@usableFromInline
class Receiver<Element>: ReceiverBase, ObserverType {
    @inlinable override init() {}

    /// One element. The default builds the `Event` for a subclass that overrides only `on`.
    @usableFromInline func receiveNext(_ element: Element) {
        on(.next(element))
    }

    /// The sequence failed.
    @usableFromInline func receiveError(_ error: Swift.Error) {
        on(.error(error))
    }

    /// The sequence completed.
    @usableFromInline func receiveCompleted() {
        on(.completed)
    }

    /// `elements[start...]`, one `receiveNext` each (a replay). By index into the array itself:
    /// in RxCore's unspecialised code a slice (`ArraySlice<Element>`) or a `for … in` loop's
    /// iterator is a generic type whose metadata would be looked up on every call.
    final func receiveNext(each elements: [Element], from start: Int) {
        var index = start
        while index < elements.count {
            receiveNext(elements[index])
            index += 1
        }
    }

    /// The event entry point for upstreams written against `ObserverType` (user code calling
    /// `on`): switches once and calls the element-level entry point.
    @usableFromInline func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): receiveNext(element)
        case .error(let error): receiveError(error)
        case .completed: receiveCompleted()
        }
    }
}

/// What every `Receiver` is, whatever its element: a sink's initialiser asks its downstream
/// here, through the vtable, without looking up the metadata of a generic type.
@usableFromInline
class ReceiverBase {
    @inlinable init() {}

    /// Whether this receiver disposes, and so lets go of, the subscription it makes as soon as
    /// that subscription ends (by a terminal event or disposal), as a sink does. Then the sink it
    /// subscribes is that subscription itself; otherwise the sink's `SinkDisposer`, which lets
    /// go of the sink when the subscription ends, so that a `Disposable` kept after the end
    /// holds nothing of the chain (see `Sink`).
    var releasesSubscriptionWhenDone: Bool { false }

    /// Disposes the sink a `SinkDisposer` owns (only a `Sink` is owned that way).
    func disposeOwnedSink() {
        rxAbstractMethod()
    }

    #if TRACE_RESOURCES
    // A sink's downstream, as the thread-hop recording sees it. Members of the class, not of a
    // protocol: a sink asks its downstream when it is made and when it is disposed, and a
    // conformance check (`as? SomeProtocol`) there cost about a thousand instructions per
    // subscription, where these are one vtable call.

    /// The downstream's stage (0 when it records none).
    var hopStageID: UInt32 { 0 }
    /// Whether the downstream is the subscriber at the chain's end.
    var hopIsSubscriber: Bool { false }
    /// The thread inside the downstream's `on` now (an `OverlapTracker` token), or 0.
    var hopDeliveringThread: UInt64 { 0 }
    /// Marks the delivery in progress as overlapped by a disposal (anomaly 5).
    func hopFlagOverlap() {}
    #endif
}
