/// A group of disposables disposed together. Anything added after the group was disposed is
/// disposed at once.
public final class CompositeDisposable: DisposeBase, Cancelable {
    /// Identifies a disposable inside the group, so it can be removed.
    public struct DisposeKey {
        fileprivate let key: BagKey
    }

    private let lock = SpinLock()
    // Emptied once disposed. A flag rather than an optional bag: testing `disposables != nil`
    // copied the whole bag (and the existential in it) on every insert. Unchecked exclusivity:
    // touched only in the initialisers (before the group is shared) and under `lock`, and
    // nothing under it calls out (what is removed is disposed, and released, after it), so no
    // access can overlap another.
    @exclusivity(unchecked) private var disposables = Bag<Disposable>()
    @exclusivity(unchecked) private var disposed = false

    public var isDisposed: Bool {
        lock.performLocked { disposed }
    }

    public override init() {}

    public init(_ disposable1: Disposable, _ disposable2: Disposable) {
        disposables.insert(disposable1)
        disposables.insert(disposable2)
    }

    public init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) {
        disposables.insert(disposable1)
        disposables.insert(disposable2)
        disposables.insert(disposable3)
    }

    public init(
        _ disposable1: Disposable,
        _ disposable2: Disposable,
        _ disposable3: Disposable,
        _ disposable4: Disposable,
        _ disposables: Disposable...
    ) {
        for disposable in [disposable1, disposable2, disposable3, disposable4] + disposables {
            self.disposables.insert(disposable)
        }
    }

    public init(disposables: [Disposable]) {
        for disposable in disposables {
            self.disposables.insert(disposable)
        }
    }

    /// Adds a disposable. Returns nil, after disposing it, when the group is already disposed.
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key: BagKey? = lock.performLocked {
            if disposed { return nil }
            return disposables.insert(disposable)
        }
        guard let key else {
            disposable.dispose()
            return nil
        }
        return DisposeKey(key: key)
    }

    /// The number of disposables in the group.
    public var count: Int {
        lock.performLocked { disposables.count }
    }

    /// Removes and disposes the disposable with `disposeKey`.
    public func remove(for disposeKey: DisposeKey) {
        let removed: Disposable? = lock.performLocked { disposables.removeKey(disposeKey.key) }
        removed?.dispose()
    }

    public func dispose() {
        let taken: Bag<Disposable>? = lock.performLocked {
            if disposed { return nil }
            disposed = true
            // Moved out, not copied (a copy and the old bag's destruction cost more than this).
            var taken = Bag<Disposable>()
            swap(&taken, &disposables)
            return taken
        }
        if let taken { disposeAll(in: taken) }
    }
}
