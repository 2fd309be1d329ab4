/// Holds one disposable at a time: assigning a new one disposes the previous one.
public final class SerialDisposable: DisposeBase, Cancelable {
    // Its critical sections call nothing outside (disposing happens after it is released).
    private let lock = InlineSpinLock()
    // Touched only under `lock`: the runtime's exclusivity checks would only cost time.
    @exclusivity(unchecked) private var current: Disposable?
    @exclusivity(unchecked) private var disposed = false

    public var isDisposed: Bool { lock.performLocked { disposed } }

    public override init() {
        super.init()
    }

    /// The current disposable. Setting it disposes the previous one; once this is disposed,
    /// a newly set disposable is disposed at once.
    public var disposable: Disposable {
        get { lock.performLocked { current ?? Disposables.create() } }
        set {
            let previous: Disposable? = lock.performLocked {
                if disposed { return newValue }
                let previous = current
                current = newValue
                return previous
            }
            previous?.dispose()
        }
    }

    public func dispose() {
        let taken: Disposable? = lock.performLocked {
            guard !disposed else { return nil }
            disposed = true
            let taken = current
            current = nil
            return taken
        }
        taken?.dispose()
    }
}
