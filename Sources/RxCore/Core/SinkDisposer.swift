/// What a subscriber holds when the sink it subscribed is not held by a downstream sink (see
/// `Sink`: a sink's `owner`), and the disposer of an operator whose per-subscription object is
/// not a `Sink` (`observe(on:)`). Owns the sink and the upstream subscription, disposes both
/// exactly once, even when `dispose()` races with `run` still returning, and then lets go of
/// them.
@usableFromInline
final class SinkDisposer: Cancelable {
    private enum Flag {
        static let disposed = 1
        static let sinkAndSubscriptionSet = 2
    }

    private let state = InlineAtomicInt(0)
    // Written before `sinkAndSubscriptionSet` is published, then read and cleared by exactly
    // one of `setSinkAndSubscription` and `dispose` (the one that sees the other's bit): the
    // flag protocol serialises every access, so no runtime exclusivity check is needed.
    @exclusivity(unchecked) private var sink: Disposable?
    @exclusivity(unchecked) private var subscription: Disposable?
    /// The `Sink` this disposer owns (see `own`), kept as its non-generic base class: storing it
    /// as a `Disposable` would build an existential of the static type `Sink<Input, Observer>`,
    /// a generic-metadata look-up per subscription.
    @exclusivity(unchecked) private var ownedSink: ReceiverBase?

    init() {
        #if TRACE_RESOURCES
        Resources.track(self, kind: .disposable)
        #endif
    }

    @usableFromInline var isDisposed: Bool { state.isFlagSet(Flag.disposed) }

    /// Makes this disposer the owner of `sink`, which disposes its upstream subscription itself.
    /// Called once, from the sink's initialiser, before either object is shared: nothing can
    /// race with it.
    func own(_ sink: ReceiverBase) {
        ownedSink = sink
        state.fetchOr(Flag.sinkAndSubscriptionSet)
    }

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

    @usableFromInline func dispose() {
        let previous = state.fetchOr(Flag.disposed)
        if previous & Flag.disposed != 0 { return }
        if previous & Flag.sinkAndSubscriptionSet != 0 {
            if let ownedSink = ownedSink.take() {
                ownedSink.disposeOwnedSink()
                return
            }
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
