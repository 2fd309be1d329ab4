/// A disposable that can be set once. Disposing it before it is set disposes the value when it
/// arrives.
public final class SingleAssignmentDisposable: DisposeBase, Cancelable {
    private struct State: OptionSet {
        let rawValue: Int
        static let disposed = State(rawValue: 1)
        static let assigned = State(rawValue: 2)
    }

    private let state = InlineAtomicInt(0)
    // Written before `assigned` is published and read after it is seen, so the flags order
    // every access: the runtime's exclusivity checks would only cost time.
    @exclusivity(unchecked) private var disposable: Disposable?

    public var isDisposed: Bool { state.isFlagSet(State.disposed.rawValue) }

    public override init() {
        super.init()
    }

    /// Sets the disposable. Setting it twice is a programming error.
    public func setDisposable(_ disposable: Disposable) {
        self.disposable = disposable
        let previous = state.fetchOr(State.assigned.rawValue)
        if previous & State.assigned.rawValue != 0 {
            rxFatalError("oldState.disposable != nil")
        }
        if previous & State.disposed.rawValue != 0 {
            disposable.dispose()
            self.disposable = nil
        }
    }

    public func dispose() {
        let previous = state.fetchOr(State.disposed.rawValue)
        if previous & State.disposed.rawValue != 0 { return }
        if previous & State.assigned.rawValue != 0 {
            guard let disposable else { rxFatalError("Disposable not set") }
            disposable.dispose()
            self.disposable = nil
        }
    }
}
