/// Removes one observer from a subject (or other owner) when disposed.
@usableFromInline
protocol SynchronizedUnsubscribeType: AnyObject {
    func synchronizedUnsubscribe(_ disposeKey: BagKey)
}

/// Not generic over the owner: the subjects' inlinable `subscribe` makes one in the client, and
/// as `SubscriptionDisposable<Owner>` each was a generic struct whose metadata (and key type) its
/// unspecialised `dispose` and the `Disposable` box's value witnesses looked up at run time.
@usableFromInline
struct SubscriptionDisposable: Disposable {
    @usableFromInline let key: BagKey
    @usableFromInline weak var owner: (any SynchronizedUnsubscribeType)?

    @inlinable
    init(owner: any SynchronizedUnsubscribeType, key: BagKey) {
        self.owner = owner
        self.key = key
    }

    @usableFromInline
    func dispose() {
        owner?.synchronizedUnsubscribe(key)
    }
}
