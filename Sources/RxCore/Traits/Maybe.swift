/// Tags a `PrimitiveSequence` that emits one element, completes empty, or fails.
public enum MaybeTrait {}

/// A sequence that emits one element, completes without one, or fails.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// What a `Maybe` delivers.
@frozen public enum MaybeEvent<Element> {
    /// The one element (the underlying observable emits `.next` then `.completed`).
    case success(Element)
    /// The sequence failed.
    case error(Swift.Error)
    /// The sequence completed without an element.
    case completed
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

    /// Builds a `Maybe` from a subscribe function. Only the first event the function reports is
    /// delivered; a success is delivered as the element followed by completion.
    public static func create(
        subscribe: @escaping (@escaping MaybeObserver) -> Disposable
    ) -> PrimitiveSequence<Trait, Element> {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .error(let error):
                    observer.on(.error(error))
                case .completed:
                    observer.on(.completed)
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes `observer` to the one event this `Maybe` produces.
    public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void) -> Disposable {
        // The observer keeps the rule: after an element, the completion is part of the success.
        primitiveSequence.source.subscribeHandlers(
            onNext: { observer(.success($0)) },
            onError: { observer(.error($0)) },
            onCompleted: { observer(.completed) },
            onDisposed: nil,
            rule: .firstOfMaybe
        )
    }

    /// Like `subscribe(onSuccess:onError:onCompleted:onDisposed:)`, passing `object` to each
    /// handler. The object is held weakly: once it is gone, the handlers are no longer called.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onSuccess: { [weak object] element in
                guard let object else { return }
                onSuccess?(object, element)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
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

    /// Subscribes success, error, completion and disposal handlers. An error without `onError`
    /// goes to `Hooks.defaultErrorHandler`. `@inlinable`, with the first-event rule kept by the
    /// observer, as `Single`'s: no closure or disposable beyond `subscribe(onNext:)`'s.
    @inlinable
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        primitiveSequence.source.subscribeHandlers(
            onNext: onSuccess,
            onError: onError,
            onCompleted: onCompleted,
            onDisposed: onDisposed,
            rule: .firstOfMaybe
        )
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// A `Maybe` of `element`, delivered on subscription.
    @inlinable public static func just(_ element: Element) -> Maybe<Element> {
        Maybe(raw: Observable.just(element))
    }

    /// A `Maybe` of `element`, delivered on `scheduler`.
    @inlinable public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A `Maybe` that fails with `error` on subscription.
    public static func error(_ error: Swift.Error) -> Maybe<Element> {
        PrimitiveSequence(raw: Observable.error(error))
    }

    /// A `Maybe` that never emits.
    public static func never() -> Maybe<Element> {
        PrimitiveSequence(raw: Observable.never())
    }

    /// A `Maybe` that completes without an element on subscription.
    public static func empty() -> Maybe<Element> {
        Maybe(raw: Observable.empty())
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Runs side effects around the element, the error, the completion, subscription and disposal.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Maybe<Element> {
        Maybe(
            raw: primitiveSequence.source.do(
                onNext: onNext,
                afterNext: afterNext,
                onError: onError,
                afterError: afterError,
                onCompleted: onCompleted,
                afterCompleted: afterCompleted,
                onSubscribe: onSubscribe,
                onSubscribed: onSubscribed,
                onDispose: onDispose
            )
        )
    }

    /// Keeps the element if `predicate` accepts it; otherwise completes empty.
    @inlinable public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.filter(predicate))
    }

    /// Transforms the element.
    @inlinable public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.map(transform))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The transformed element; empty when `transform` returns `nil`.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.compactMap(transform))
    }

    /// The result of the `Maybe` that `selector` builds from the element; empty when `self` is.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe<Result>(raw: primitiveSequence.source.flatMap(selector))
    }

    /// The element, or `default` when `self` completes empty.
    public func ifEmpty(default: Element) -> Single<Element> {
        Single(raw: primitiveSequence.source.ifEmpty(default: `default`))
    }

    /// The element, or the outcome of `other` when `self` completes empty.
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.ifEmpty(switchTo: other.primitiveSequence.source))
    }

    /// The element, or the outcome of `other` when `self` completes empty.
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        Single(raw: primitiveSequence.source.ifEmpty(switchTo: other.primitiveSequence.source))
    }

    /// On error, succeeds with `element` instead.
    public func catchAndReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
    }

    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
    }
}
