/// Runs a closure once, on the first `dispose()`.
final class AnonymousDisposable: DisposeBase, Cancelable {
    public typealias DisposeAction = () -> Void

    private let disposed = InlineAtomicInt(0)
    private var disposeAction: DisposeAction?

    var isDisposed: Bool { disposed.isFlagSet(1) }

    init(disposeAction: @escaping DisposeAction) {
        self.disposeAction = disposeAction
        super.init()
    }

    func dispose() {
        if disposed.fetchOr(1) == 0, let action = disposeAction {
            disposeAction = nil
            action()
        }
    }
}
