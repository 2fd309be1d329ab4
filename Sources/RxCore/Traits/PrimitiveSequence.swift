/// An observable that is statically known to emit at most one element (`Single`, `Maybe`) or none
/// (`Completable`). `Trait` only tags the kind; the events travel through an ordinary observable.
public struct PrimitiveSequence<Trait, Element> {
    // @usableFromInline for the @inlinable trait operators (`just`, `map`, `filter`), which wrap
    // the Observable operator of the same name in the client.
    @usableFromInline let source: Observable<Element>

    @usableFromInline init(raw: Observable<Element>) {
        self.source = raw
    }
}

/// A type that can be viewed as a `PrimitiveSequence`; the trait operators extend this protocol so
/// that their `where Trait == …` constraints can be written.
public protocol PrimitiveSequenceType {
    associatedtype Trait
    associatedtype Element

    /// `self` as a primitive sequence.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

extension PrimitiveSequence: ObservableConvertibleType {
    public func asObservable() -> Observable<Element> { source }
}

// Operators that keep the trait whatever it is: none of them can change how many elements flow.
extension PrimitiveSequence {
    /// Calls `observableFactory` for each subscriber and subscribes it to the sequence it returns.
    public static func deferred(
        _ observableFactory: @escaping () throws -> PrimitiveSequence<Trait, Element>
    )
        -> PrimitiveSequence<Trait, Element>
    {
        PrimitiveSequence(raw: Observable.deferred { try observableFactory().asObservable() })
    }

    /// Delivers the events on `scheduler`.
    public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.observe(on: scheduler))
    }

    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        observe(on: scheduler)
    }

    /// Subscribes to (and disposes) the source on `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.subscribe(on: scheduler))
    }

    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        subscribe(on: scheduler)
    }

    /// Prints subscription, events and disposal, like `Observable.debug`.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function)
        )
    }

    /// Ties a resource's lifetime to each subscription of the sequence built from it.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.using(
                resourceFactory,
                observableFactory: { resource in
                    try primitiveSequenceFactory(resource).asObservable()
                }
            )
        )
    }
}

extension PrimitiveSequenceType where Element: RxAbstractInteger {
    /// Emits `0` after `dueTime` on `scheduler`, then completes.
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}
