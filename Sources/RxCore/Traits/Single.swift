/// Tags a `PrimitiveSequence` that emits exactly one element or an error.
public enum SingleTrait {}

/// A sequence that emits exactly one element or an error.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// What a `Single` delivers: its element, or its error.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    public typealias SingleObserver = (SingleEvent<Element>) -> Void

    /// Builds a `Single` from a subscribe function. Only the first event the function reports is
    /// delivered; a success is delivered as the element followed by completion.
    public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable) -> Single<Element> {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .failure(let error):
                    observer.on(.error(error))
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes `observer` to the one event this `Single` produces. `@inlinable`, as
    /// `subscribe(onSuccess:onFailure:onDisposed:)` is: specialised in the client, the event's
    /// type needs no run-time metadata look-up.
    @inlinable
    public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable {
        // The observer keeps the rule: the completion that follows the element is not an event.
        primitiveSequence.source.subscribeHandlers(
            onNext: { observer(.success($0)) },
            onError: { observer(.failure($0)) },
            onCompleted: nil,
            onDisposed: nil,
            rule: .firstOfSingle
        )
    }

    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: @escaping ((Swift.Error) -> Void),
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed)
    }

    /// Like `subscribe(onSuccess:onFailure:onDisposed:)`, passing `object` to each handler. The
    /// object is held weakly: once it is gone, the handlers are no longer called.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onSuccess: { [weak object] element in
                guard let object else { return }
                onSuccess?(object, element)
            },
            onFailure: { [weak object] error in
                guard let object else { return }
                onFailure?(object, error)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }

    /// Subscribes success, failure and disposal handlers. A failure without `onFailure` goes to
    /// `Hooks.defaultErrorHandler`. `@inlinable` so the client specialises it (as a public
    /// generic function called from outside RxCore, it ran unspecialised).
    @inlinable
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        // The observer keeps `subscribe(_:)`'s first-event rule itself (a closure over a boxed
        // flag cost two objects more).
        primitiveSequence.source.subscribeHandlers(
            onNext: onSuccess,
            onError: onFailure,
            onCompleted: nil,
            onDisposed: onDisposed,
            rule: .firstOfSingle
        )
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A `Single` of `element`, delivered on subscription.
    @inlinable public static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    /// A `Single` of `element`, delivered on `scheduler`.
    @inlinable public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
        Single(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A `Single` that fails with `error` on subscription.
    public static func error(_ error: Swift.Error) -> Single<Element> {
        PrimitiveSequence(raw: Observable.error(error))
    }

    /// A `Single` that never emits.
    public static func never() -> Single<Element> {
        PrimitiveSequence(raw: Observable.never())
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Runs side effects around the success, the failure, subscription and disposal.
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Single<Element> {
        Single(
            raw: primitiveSequence.source.do(
                onNext: onSuccess,
                afterNext: afterSuccess,
                onError: onError,
                afterError: afterError,
                onSubscribe: onSubscribe,
                onSubscribed: onSubscribed,
                onDispose: onDispose
            )
        )
    }

    /// Keeps the element if `predicate` accepts it; otherwise completes empty, hence a `Maybe`.
    @inlinable public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.filter(predicate))
    }

    /// Transforms the element.
    @inlinable public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        Single(raw: primitiveSequence.source.map(transform))
    }

    /// Converts `self` to a `Maybe`.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source)
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The transformed element, or an empty `Maybe` when `transform` returns `nil`.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.compactMap(transform))
    }

    /// The result of the `Single` that `selector` builds from the element.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        Single<Result>(raw: primitiveSequence.source.flatMap(selector))
    }

    /// The result of the `Maybe` that `selector` builds from the element.
    public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe<Result>(raw: primitiveSequence.source.flatMap(selector))
    }

    /// The completion of the `Completable` that `selector` builds from the element.
    public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable) -> Completable {
        Completable(raw: primitiveSequence.source.flatMap(selector))
    }

    /// On error, succeeds with `element` instead.
    public func catchAndReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
    }

    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        catchAndReturn(element)
    }

    /// Converts `self` to a `Completable`, dropping the element.
    public func asCompletable() -> Completable {
        primitiveSequence.source.ignoreElements().asCompletable()
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Combines the elements of all `collection`'s sequences with `resultSelector` once each has
    /// produced its element. An empty collection gives `resultSelector([])`.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result
    ) -> PrimitiveSequence<Trait, Result> where Collection.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty {
            return PrimitiveSequence<Trait, Result>.deferred {
                PrimitiveSequence<Trait, Result>(raw: .just(try resultSelector([])))
            }
        }
        return PrimitiveSequence<Trait, Result>(
            raw: Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector)
        )
    }

    /// The elements of all `collection`'s sequences, in order, once each has produced its
    /// element. An empty collection gives `[]`.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> PrimitiveSequence<Trait, [Element]>
    where Collection.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty {
            return PrimitiveSequence<Trait, [Element]>(raw: .just([]))
        }
        return PrimitiveSequence(raw: Observable.zip(collection.map { $0.asObservable() }))
    }
}
