/// Disposes its underlying disposable only when it was disposed itself and every disposable
/// handed out by `retain()` was disposed too.
public final class RefCountDisposable: DisposeBase, Cancelable {
    private let lock = SpinLock()
    private var disposable: Disposable?
    private var primaryDisposed = false
    private var count = 0

    public init(disposable: Disposable) {
        self.disposable = disposable
        super.init()
    }

    public var isDisposed: Bool { lock.performLocked { disposable == nil } }

    /// A dependent disposable that keeps the underlying one alive until it is disposed.
    public func retain() -> Disposable {
        lock.performLocked {
            if disposable != nil {
                count += 1
                return RefCountInnerDisposable(self)
            }
            return Disposables.create()
        }
    }

    public func dispose() {
        let taken: Disposable? = lock.performLocked {
            guard let current = disposable, !primaryDisposed else { return nil }
            primaryDisposed = true
            if count == 0 {
                disposable = nil
                return current
            }
            return nil
        }
        taken?.dispose()
    }

    fileprivate func release() {
        let taken: Disposable? = lock.performLocked {
            guard let current = disposable else { return nil }
            guard count > 0 else { rxFatalError("RefCountDisposable released more than retained") }
            count -= 1
            if primaryDisposed && count == 0 {
                disposable = nil
                return current
            }
            return nil
        }
        taken?.dispose()
    }
}

private final class RefCountInnerDisposable: DisposeBase, Disposable {
    private let parent: RefCountDisposable
    private let disposed = AtomicInt(0)

    init(_ parent: RefCountDisposable) {
        self.parent = parent
        super.init()
    }

    func dispose() {
        if disposed.fetchOr(1) == 0 { parent.release() }
    }
}
