/// Tags a `PrimitiveSequence` that emits no element, only completion or an error.
public enum CompletableTrait {}

/// A sequence that only completes or fails.
public typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

/// What a `Completable` delivers.
@frozen public enum CompletableEvent {
    /// The sequence failed.
    case error(Swift.Error)
    /// The sequence completed.
    case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    public typealias CompletableObserver = (CompletableEvent) -> Void

    /// Builds a `Completable` from a subscribe function. Only the first event it reports is delivered.
    public static func create(
        subscribe: @escaping (@escaping CompletableObserver) -> Disposable
    ) -> PrimitiveSequence<Trait, Element> {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .error(let error):
                    observer.on(.error(error))
                case .completed:
                    observer.on(.completed)
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes `observer` to the one event this `Completable` produces.
    public func subscribe(_ observer: @escaping (CompletableEvent) -> Void) -> Disposable {
        // No elements: the first event is the terminal one, and the observer's grammar keeps it.
        primitiveSequence.source.subscribeHandlers(
            onNext: nil,
            onError: { observer(.error($0)) },
            onCompleted: { observer(.completed) },
            onDisposed: nil
        )
    }

    /// Like `subscribe(onCompleted:onError:onDisposed:)`, passing `object` to each handler. The
    /// object is held weakly: once it is gone, the handlers are no longer called.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }

    /// Subscribes completion, error and disposal handlers. An error without `onError` goes to
    /// `Hooks.defaultErrorHandler`. `@inlinable`, as `subscribe(onNext:)`: a Completable's
    /// sequence has no elements, so its first event is its terminal one and the observer's own
    /// grammar is the rule.
    @inlinable
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        primitiveSequence.source.subscribeHandlers(
            onNext: nil,
            onError: onError,
            onCompleted: onCompleted,
            onDisposed: onDisposed
        )
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// A `Completable` that fails with `error` on subscription.
    public static func error(_ error: Swift.Error) -> Completable {
        PrimitiveSequence(raw: Observable.error(error))
    }

    /// A `Completable` that never terminates.
    public static func never() -> Completable {
        PrimitiveSequence(raw: Observable.never())
    }

    /// A `Completable` that completes on subscription.
    public static func empty() -> Completable {
        Completable(raw: Observable.empty())
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Runs side effects around the error, the completion, subscription and disposal.
    public func `do`(
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Completable {
        Completable(
            raw: primitiveSequence.source.do(
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
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Subscribes to `second` once `self` completes.
    public func concat(_ second: Completable) -> Completable {
        Completable.concat(primitiveSequence, second)
    }

    /// Runs the completables one after the other; the first error ends the whole.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable
    where Sequence.Element == Completable {
        Completable(raw: Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// Runs the completables one after the other; the first error ends the whole.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Completable
    where Collection.Element == Completable {
        Completable(raw: Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Runs the completables one after the other; the first error ends the whole.
    public static func concat(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.concat(sources.map { $0.asObservable() }))
    }

    /// Runs the completables at once and completes when all have (for `Completable`, `zip` is
    /// `merge`); the first error ends the whole.
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
    where Collection.Element == Completable {
        Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs the completables at once and completes when all have; the first error ends the whole.
    public static func zip(_ sources: [Completable]) -> Completable {
        Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs the completables at once and completes when all have; the first error ends the whole.
    public static func zip(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
    }
}
