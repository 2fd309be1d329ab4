extension ObservableType {
    /// Subscribes an event handler.
    @inlinable
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        let observer = AnonymousObserver(on)
        #if TRACE_RESOURCES
        defer { observer.hopSubscriptionMade() }
        #endif
        return asObservable().subscribeReceiver(observer)
    }

    /// Subscribes element, error, completion and disposal handlers. An error without an
    /// `onError` handler goes to `Hooks.defaultErrorHandler`.
    ///
    /// Inlinable, as are the subjects' `subscribe` and `onNext`: specialised in the client, the
    /// handlers are stored as the client formed them (no reabstraction context per subscription)
    /// and the observer's type needs no run-time metadata look-up.
    @inlinable
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribeHandlers(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// The subscription behind every `subscribe(on…:)` of observables and traits: the observer
    /// calls the handlers itself (no closure around them, no `Event`), keeping `rule` (a
    /// Single's or a Maybe's first-event rule in the traits' own); without `onDisposed` the
    /// upstream subscription is returned as it is (RxSwift wraps it with a no-op in a
    /// `BinaryDisposable`: one object per subscription for nothing).
    @inlinable
    func subscribeHandlers(
        onNext: ((Element) -> Void)?,
        onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?,
        rule: SubscriberEventRule = .every
    ) -> Disposable {
        let onDisposedDisposable = onDisposed.map { Disposables.create(with: $0) }
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        let observer = AnonymousObserver<Element>(
            onNext: onNext,
            onError: onError,
            onCompleted: onCompleted,
            terminalDisposable: onDisposedDisposable,
            callStack: callStack,
            rule: rule
        )
        #if TRACE_RESOURCES
        defer { observer.hopSubscriptionMade() }
        #endif
        let subscription = asObservable().subscribeReceiver(observer)
        guard let onDisposedDisposable else { return subscription }
        return Disposables.create(subscription, onDisposedDisposable)
    }

    /// Like `subscribe(onNext:...)`, but passes `object` to each handler, holding it weakly:
    /// once the object is gone, handlers are no longer called.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onNext: { [weak object] in
                guard let object else { return }
                onNext?(object, $0)
            },
            onError: { [weak object] in
                guard let object else { return }
                onError?(object, $0)
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }
}
