/// An observable-like sequence that cannot fail: it only emits elements and completion.
///
/// Unlike `Driver`/`Signal` it neither shares nor replays: each subscription runs the sequence.
public protocol InfallibleType: ObservableConvertibleType {}

/// An observable-like sequence that cannot fail: it only emits elements and completion.
public struct Infallible<Element>: InfallibleType {
    // @usableFromInline for the @inlinable operators (`just`, `map`, `filter`,
    // `distinctUntilChanged`), which wrap the Observable operator in the client.
    @usableFromInline let source: Observable<Element>

    @usableFromInline init(_ source: Observable<Element>) {
        self.source = source
    }

    public func asObservable() -> Observable<Element> { source }
}

extension InfallibleType {
    /// Like `subscribe(onNext:onCompleted:onDisposed:)`, passing `object` to each handler. The
    /// object is held weakly: once it is gone, the handlers are no longer called.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes element, completion and disposal handlers; there is no error to handle.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes an event handler.
    public func subscribe(_ on: @escaping (InfallibleEvent<Element>) -> Void) -> Disposable {
        asObservable().subscribe { (event: Event<Element>) in
            switch event {
            case .next(let element):
                on(.next(element))
            case .completed:
                on(.completed)
            case .error(let error):
                rxFatalErrorInDebug("Infallible must never emit a error event. error: \(error)")
            }
        }
    }
}
