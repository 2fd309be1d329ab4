/// An operator's private observer of one inner sequence (flatMap's, flatMapLatest's) that is also
/// that subscription's disposable: set once, and disposing it before it is set disposes the
/// subscription when it arrives. That is what a `SingleAssignmentDisposable` beside the observer
/// would do, with one object fewer per inner sequence, which `flatMap { Observable.just($0) }`
/// makes per element.
private enum InnerSubscriptionFlag {
    static let disposed = 1
    static let assigned = 2
}

class InnerObserver<Element>: Receiver<Element>, Disposable {
    private typealias Flag = InnerSubscriptionFlag

    private let state = InlineAtomicInt(0)
    /// Written once before `assigned` is published and taken by whichever of `setSubscription`
    /// and `dispose` sees the other's bit: the flag protocol orders every access.
    @exclusivity(unchecked) private var subscription: Disposable?

    final func setSubscription(_ subscription: Disposable) {
        self.subscription = subscription
        if state.fetchOr(Flag.assigned) & Flag.disposed != 0 {
            self.subscription.take()?.dispose()
        }
    }

    final func dispose() {
        let previous = state.fetchOr(Flag.disposed)
        guard previous & Flag.disposed == 0, previous & Flag.assigned != 0 else { return }
        subscription.take()?.dispose()
    }
}
