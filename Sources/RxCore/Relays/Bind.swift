extension ObservableType {
    /// Subscribes the observers to this sequence.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        bind(to: observers)
    }

    /// Subscribes observers of optionals to this sequence.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        map { $0 as Element? }.bind(to: observers)
    }

    private func bind<Observer: ObserverType>(to observers: [Observer]) -> Disposable
    where Observer.Element == Element {
        subscribe { event in
            observers.forEach { $0.on(event) }
        }
    }

    /// Calls `binder` with this sequence and returns its result.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Calls a curried `binder` with this sequence and `curriedArgument`.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Subscribes an element handler that gets `object`, held weakly: once it is gone the
    /// handler is no longer called. An error is a programming error in a binding.
    public func bind<Object: AnyObject>(with object: Object, onNext: @escaping (Object, Element) -> Void) -> Disposable
    {
        bind(onNext: { [weak object] element in
            guard let object else { return }
            onNext(object, element)
        })
    }

    /// Subscribes an element handler; an error is a programming error in a binding.
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        subscribe(
            onNext: onNext,
            onError: { error in
                rxFatalErrorInDebug("Binding error: \(error)")
            }
        )
    }

    /// Feeds the elements into publish relays.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        bind(to: relays)
    }

    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        map { $0 as Element? }.bind(to: relays)
    }

    private func bind(to relays: [PublishRelay<Element>]) -> Disposable {
        subscribe { event in
            switch event {
            case .next(let element): relays.forEach { $0.accept(element) }
            case .error(let error): rxFatalErrorInDebug("Binding error to publish relay: \(error)")
            case .completed: break
            }
        }
    }

    /// Feeds the elements into behavior relays.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        bind(to: relays)
    }

    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        map { $0 as Element? }.bind(to: relays)
    }

    private func bind(to relays: [BehaviorRelay<Element>]) -> Disposable {
        subscribe { event in
            switch event {
            case .next(let element): relays.forEach { $0.accept(element) }
            case .error(let error): rxFatalErrorInDebug("Binding error to behavior relay: \(error)")
            case .completed: break
            }
        }
    }

    /// Feeds the elements into replay relays.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        bind(to: relays)
    }

    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        map { $0 as Element? }.bind(to: relays)
    }

    private func bind(to relays: [ReplayRelay<Element>]) -> Disposable {
        subscribe { event in
            switch event {
            case .next(let element): relays.forEach { $0.accept(element) }
            case .error(let error): rxFatalErrorInDebug("Binding error to replay relay: \(error)")
            case .completed: break
            }
        }
    }
}
