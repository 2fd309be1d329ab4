/// Removes one observer from a subject (or other owner) when disposed.
@usableFromInline
protocol SynchronizedUnsubscribeType: AnyObject {
    func synchronizedUnsubscribe(_ disposeKey: BagKey)
}

/// The weak reference from an owner's subscriptions back to the owner, one per owner and shared
/// by all its subscriptions. In the subscription itself, a `weak` field made the struct not
/// bitwise-takable (Swift on Linux), so every `Disposable` holding one was boxed on the heap:
/// one allocation per subscription. A strong reference to this object is bitwise-takable.
@usableFromInline
final class WeakSubscriptionOwner {
    /// A `let`: as a `weak var` of a class each read paid a dynamic exclusivity check.
    @usableFromInline weak let object: (any SynchronizedUnsubscribeType)?

    @usableFromInline
    init(owner: any SynchronizedUnsubscribeType) {
        object = owner
    }

    /// The owner kept in `slot`, made on first use. The subjects keep it in a stored optional
    /// rather than a `lazy var`, which cannot be marked `@exclusivity(unchecked)`; call under the
    /// subject's lock.
    @inlinable
    static func shared(
        in slot: inout WeakSubscriptionOwner?,
        for owner: @autoclosure () -> any SynchronizedUnsubscribeType
    ) -> WeakSubscriptionOwner {
        if let existing = slot { return existing }
        let made = WeakSubscriptionOwner(owner: owner())
        slot = made
        return made
    }
}

/// Not generic over the owner: the subjects' inlinable `subscribe` makes one in the client, and
/// as `SubscriptionDisposable<Owner>` each was a generic struct whose metadata (and key type) its
/// unspecialised `dispose` and the `Disposable` box's value witnesses looked up at run time. Two
/// words, stored inline in a `Disposable` existential (no allocation).
@usableFromInline
struct SubscriptionDisposable: Disposable {
    @usableFromInline let owner: WeakSubscriptionOwner
    @usableFromInline let key: BagKey

    @inlinable
    init(owner: WeakSubscriptionOwner, key: BagKey) {
        self.owner = owner
        self.key = key
    }

    /// For an owner that keeps no `WeakSubscriptionOwner` (one per subscription).
    init(owner: any SynchronizedUnsubscribeType, key: BagKey) {
        self.init(owner: WeakSubscriptionOwner(owner: owner), key: key)
    }

    @usableFromInline
    func dispose() {
        owner.object?.synchronizedUnsubscribe(key)
    }
}
