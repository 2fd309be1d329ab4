/// The subscribers of a subject (or of `share`'s connection): their `Receiver`s themselves, so
/// an element reaches each with one vtable call, no `Event` and no closure per subscriber
/// (RxSwift stores each observer's `on` as a closure: three objects per subscription here).
///
/// Stored as `AnyObject` so the bag's code is concrete (specialised once, in RxCore) rather
/// than generic over `Receiver<Element>`; every entry is a `Receiver<Element>` (only `insert`
/// adds one), which is what makes the `unsafeDowncast` back sound. Not thread safe: the owner
/// guards it with its lock, like `Bag`.
struct ReceiverBag<Element> {
    private var bag = Bag<AnyObject>()

    init() {}

    var count: Int { bag.count }

    @inline(__always)
    mutating func insert(_ receiver: Receiver<Element>) -> BagKey {
        bag.insert(receiver)
    }

    @inline(__always)
    mutating func removeKey(_ key: BagKey) {
        bag.removeKey(key)
    }

    mutating func removeAll() {
        bag.removeAll()
    }

    @inline(__always)
    func forEach(_ action: (Receiver<Element>) -> Void) {
        bag.forEach { action(unsafeDowncast($0, to: Receiver<Element>.self)) }
    }

    func next(_ element: Element) {
        forEach { $0.receiveNext(element) }
    }

    func error(_ error: Swift.Error) {
        forEach { $0.receiveError(error) }
    }

    func completed() {
        forEach { $0.receiveCompleted() }
    }

    /// Delivers `event` (a stored terminal event, or one a user upstream sent with `on`).
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): next(element)
        case .error(let error): self.error(error)
        case .completed: completed()
        }
    }
}
