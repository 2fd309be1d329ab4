extension Disposable {
    /// Adds this disposable to `bag`, which disposes it when the bag is deallocated.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}

/// Disposes everything added to it when it is deallocated. It has no public `dispose()`:
/// to dispose early, replace the bag (`bag = DisposeBag()`).
public final class DisposeBag: DisposeBase {
    private let lock = SpinLock()
    private var disposables: [Disposable] = []
    private var isDisposed = false

    public override init() {
        super.init()
    }

    /// Adds a disposable; if the bag is already disposed, disposes it at once.
    public func insert(_ disposable: Disposable) {
        insert([disposable])
    }

    private func dispose() {
        let taken: [Disposable] = lock.performLocked {
            let taken = disposables
            disposables.removeAll(keepingCapacity: false)
            isDisposed = true
            return taken
        }
        for disposable in taken { disposable.dispose() }
    }

    deinit {
        dispose()
    }
}

extension DisposeBag {
    /// Builds a bag holding `disposables`.
    public convenience init(disposing disposables: Disposable...) {
        self.init()
        insert(disposables)
    }

    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init(disposing: builder())
    }

    public convenience init(disposing disposables: [Disposable]) {
        self.init()
        insert(disposables)
    }

    public func insert(_ disposables: Disposable...) {
        insert(disposables)
    }

    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        insert(builder())
    }

    public func insert(_ disposables: [Disposable]) {
        let disposeNow: Bool = lock.performLocked {
            if isDisposed { return true }
            self.disposables.append(contentsOf: disposables)
            return false
        }
        if disposeNow {
            for disposable in disposables { disposable.dispose() }
        }
    }

    /// Collects disposables in a `DisposeBag { ... }` block.
    @resultBuilder
    public struct DisposableBuilder {
        public static func buildBlock(_ disposables: Disposable...) -> [Disposable] {
            disposables
        }
    }
}
