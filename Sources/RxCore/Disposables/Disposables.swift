/// Factory namespace for disposables.
public struct Disposables {
    private init() {}
}

extension Disposables {
    /// A disposable that does nothing.
    public static func create() -> Disposable { NopDisposable.noOp }

    /// A disposable that runs `dispose` once.
    public static func create(with dispose: @escaping () -> Void) -> Cancelable {
        AnonymousDisposable(disposeAction: dispose)
    }

    /// A disposable that disposes both.
    public static func create(_ disposable1: Disposable, _ disposable2: Disposable) -> Cancelable {
        BinaryDisposable(disposable1, disposable2)
    }

    public static func create(
        _ disposable1: Disposable,
        _ disposable2: Disposable,
        _ disposable3: Disposable
    ) -> Cancelable {
        CompositeDisposable(disposable1, disposable2, disposable3)
    }

    public static func create(
        _ disposable1: Disposable,
        _ disposable2: Disposable,
        _ disposable3: Disposable,
        _ disposables: Disposable...
    ) -> Cancelable {
        var all = disposables
        all.insert(contentsOf: [disposable1, disposable2, disposable3], at: 0)
        return CompositeDisposable(disposables: all)
    }

    public static func create(_ disposables: [Disposable]) -> Cancelable {
        switch disposables.count {
        case 2: return Disposables.create(disposables[0], disposables[1])
        default: return CompositeDisposable(disposables: disposables)
        }
    }
}

struct NopDisposable: Disposable {
    static let noOp: Disposable = NopDisposable()
    func dispose() {}
}
