/// What a `leakedSubscription` finding's group keeps alive, for its title: a subscription only
/// when a sink or observer chain is alive; a group of subjects, producers, bags or disposables
/// alone is titled by what it is.
public enum LeakedThing: String, Codable, CodingKeyRepresentable, CaseIterable, Sendable {
    /// A sink or observer chain: a live subscription.
    case subscription
    /// A subject or relay with no live subscription of this group's.
    case subject
    /// An observable (its producers) that nothing subscribes to any more.
    case observable
    /// A `DisposeBag`.
    case bag
    /// Other disposables.
    case disposable
    /// Work a scheduler still holds.
    case queuedWork

    /// "leaked subject" / "leaked subjects".
    public func noun(count: Int) -> String {
        let one = count == 1
        switch self {
        case .subscription: return one ? "leaked subscription" : "leaked subscriptions"
        case .subject: return one ? "leaked subject" : "leaked subjects"
        case .observable: return one ? "leaked observable" : "leaked observables"
        case .bag: return one ? "leaked DisposeBag" : "leaked DisposeBags"
        case .disposable: return one ? "leaked disposable" : "leaked disposables"
        case .queuedWork: return one ? "queued work item" : "queued work items"
        }
    }
}
