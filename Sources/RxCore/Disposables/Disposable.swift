/// A resource that can be released: a subscription, a scheduled action, a timer.
public protocol Disposable {
    /// Releases the resource. Idempotent.
    func dispose()
}

/// A disposable that can tell whether it was disposed.
public protocol Cancelable: Disposable {
    var isDisposed: Bool { get }
}
