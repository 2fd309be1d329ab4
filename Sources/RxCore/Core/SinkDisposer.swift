/// What a subscriber holds when the sink it subscribed is not held by a downstream sink (see
/// `Sink`: a sink's `owner`), and the disposer of an operator whose per-subscription object is
/// not a `Sink` (`observe(on:)`). Owns the sink and the upstream subscription, disposes both
/// exactly once, even when `dispose()` races with `run` still returning, and then lets go of
/// them.
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
