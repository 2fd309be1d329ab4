/// The subscribers of a subject (or of `share`'s connection): their `Receiver`s themselves, so
/// an element reaches each with one vtable call, no `Event` and no closure per subscriber
/// (RxSwift stores each observer's `on` as a closure: three objects per subscription here).
///
/// Stored as `AnyObject`, so the bag's code does not depend on `Element`; every entry is a
/// `Receiver<Element>` (only `insert` adds one), which is what makes the `unsafeDowncast` back
/// sound. Not thread safe: the owner guards it with its lock, like `Bag`. Inlinable: a subject's
/// `onNext` is specialised in the client, and so is its walk over this bag.
@usableFromInline
struct ReceiverBag<Element> {
    @usableFromInline var bag = Bag<AnyObject>()

    @inlinable init() {}

    @inlinable var count: Int { bag.count }

    /// Code that is not specialised (a subject's `subscribeReceiver` reached through a vtable
    /// call) inserts through `bag` instead: a mutating call on `ReceiverBag<Element>` there
    /// looked up its metadata on every subscription.
    @inlinable
    mutating func insert(_ receiver: Receiver<Element>) -> BagKey {
        bag.insert(receiver)
    }

    @inlinable
    mutating func removeKey(_ key: BagKey) {
        bag.removeKey(key)
    }

    @inlinable
    mutating func removeAll() {
        bag.removeAll()
    }

    /// Empties the bag and returns what it held: the caller delivers to, or releases, the
    /// receivers after its lock (their calls and deinits run user code).
    @inlinable
    mutating func takeAll() -> ReceiverBag {
        let taken = self
        removeAll()
        return taken
    }

    @inlinable
    func forEach(_ action: (Receiver<Element>) -> Void) {
        bag.forEach { action(unsafeDowncast($0, to: Receiver<Element>.self)) }
    }

    @inlinable
    func next(_ element: Element) {
        forEach { $0.receiveNext(element) }
    }

    @inlinable
    func error(_ error: Swift.Error) {
        forEach { $0.receiveError(error) }
    }

    @inlinable
    func completed() {
        forEach { $0.receiveCompleted() }
    }

    /// Delivers `event` (a stored terminal event, or one a user upstream sent with `on`).
    @inlinable
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): next(element)
        case .error(let error): self.error(error)
        case .completed: completed()
        }
    }
}
