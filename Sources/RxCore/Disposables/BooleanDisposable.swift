import Synchronization

/// A disposable that only records whether it was disposed. The flag is atomic: the pattern
/// `Observable.create` documents (a producer on one thread polling `isDisposed` while the
/// subscriber disposes from another) reads it while another thread writes it.
public final class BooleanDisposable: Cancelable {
    static let BooleanDisposableTrue = BooleanDisposable(isDisposed: true)

    private let disposed = Atomic<Bool>(false)

    public init() {
        #if TRACE_RESOURCES
        Resources.track(self, kind: .disposable)
        #endif
    }

    public init(isDisposed: Bool) {
        disposed.store(isDisposed, ordering: .relaxed)
        #if TRACE_RESOURCES
        Resources.track(self, kind: .disposable)
        #endif
    }

    // Acquiring and releasing, so a reader that sees `true` also sees what the disposer did before.
    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    public func dispose() { disposed.store(true, ordering: .releasing) }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}
