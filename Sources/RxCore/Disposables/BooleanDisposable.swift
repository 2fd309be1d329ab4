/// A disposable that only records whether it was disposed.
public final class BooleanDisposable: Cancelable {
    static let BooleanDisposableTrue = BooleanDisposable(isDisposed: true)

    private var disposed = false

    public init() {
        #if TRACE_RESOURCES
        Resources.track(self, kind: .disposable)
        #endif
    }

    public init(isDisposed: Bool) {
        disposed = isDisposed
        #if TRACE_RESOURCES
        Resources.track(self, kind: .disposable)
        #endif
    }

    public var isDisposed: Bool { disposed }

    public func dispose() { disposed = true }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}
