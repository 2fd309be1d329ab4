extension ObservableType {
    /// Subscribes an event handler.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        let observer = AnonymousObserver { event in on(event) }
        #if TRACE_RESOURCES
        defer { observer.hopSubscriptionMade() }
        #endif
        return asObservable().subscribe(observer)
    }

    /// Subscribes element, error, completion and disposal handlers. An error without an
    /// `onError` handler goes to `Hooks.defaultErrorHandler`.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let disposable: Disposable
        if let onDisposed {
            disposable = Disposables.create(with: onDisposed)
        } else {
            disposable = Disposables.create()
        }

        #if DEBUG
        let synchronizationTracker = SynchronizationTracker()
        #endif

        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []

        let observer = AnonymousObserver<Element> { event in
            #if DEBUG
            synchronizationTracker.register(synchronizationErrorMessage: .default)
            defer { synchronizationTracker.unregister() }
            #endif
            switch event {
            case .next(let value):
                onNext?(value)
            case .error(let error):
                if let onError {
                    onError(error)
                } else {
                    Hooks.defaultErrorHandler(callStack, error)
                }
                disposable.dispose()
            case .completed:
                onCompleted?()
                disposable.dispose()
            }
        }
        #if TRACE_RESOURCES
        defer { observer.hopSubscriptionMade() }
        #endif
        return Disposables.create(asObservable().subscribe(observer), disposable)
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
