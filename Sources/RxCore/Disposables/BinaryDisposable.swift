/// Disposes two disposables together; the cheap form of `Disposables.create(a, b)`.
final class BinaryDisposable: DisposeBase, Cancelable {
    private let disposed = InlineAtomicInt(0)
    // Read and cleared only by the one `dispose` that set `disposed`: the runtime's exclusivity
    // checks (the disposables are called while the fields are in use) would only cost time.
    @exclusivity(unchecked) private var disposable1: Disposable?
    @exclusivity(unchecked) private var disposable2: Disposable?

    var isDisposed: Bool { disposed.isFlagSet(1) }

    init(_ disposable1: Disposable, _ disposable2: Disposable) {
        self.disposable1 = disposable1
        self.disposable2 = disposable2
        super.init()
    }

    func dispose() {
        if disposed.fetchOr(1) == 0 {
            disposable1?.dispose()
            disposable2?.dispose()
            disposable1 = nil
            disposable2 = nil
        }
    }
}
