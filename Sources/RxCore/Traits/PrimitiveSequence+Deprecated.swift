import Foundation

// The deprecated spellings RxSwift 6 still ships for traits (its Deprecated.swift), so that code
// written against them keeps compiling, with the same warnings.

extension PrimitiveSequence {
    @available(*, deprecated, message: "Use DispatchTimeInterval overload instead.", renamed: "delay(_:scheduler:)")
    public func delay(_ dueTime: Foundation.TimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element>
    {
        delay(.milliseconds(Int(dueTime * 1000.0)), scheduler: scheduler)
    }

    @available(
        *,
        deprecated,
        message: "Use DispatchTimeInterval overload instead.",
        renamed: "delaySubscription(_:scheduler:)"
    )
    public func delaySubscription(
        _ dueTime: Foundation.TimeInterval,
        scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        delaySubscription(.milliseconds(Int(dueTime * 1000.0)), scheduler: scheduler)
    }

    @available(*, deprecated, message: "Use DispatchTimeInterval overload instead.", renamed: "timeout(_:scheduler:)")
    public func timeout(
        _ dueTime: Foundation.TimeInterval,
        scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        timeout(.milliseconds(Int(dueTime * 1000.0)), scheduler: scheduler)
    }

    @available(
        *,
        deprecated,
        message: "Use DispatchTimeInterval overload instead.",
        renamed: "timeout(_:other:scheduler:)"
    )
    public func timeout(
        _ dueTime: Foundation.TimeInterval,
        other: PrimitiveSequence<Trait, Element>,
        scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        timeout(.milliseconds(Int(dueTime * 1000.0)), other: other, scheduler: scheduler)
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    @available(*, deprecated, renamed: "do(onSuccess:onError:onSubscribe:onSubscribed:onDispose:)")
    public func `do`(
        onNext: ((Element) throws -> Void)?,
        onError: ((Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Single<Element> {
        `do`(
            onSuccess: onNext,
            onError: onError,
            onSubscribe: onSubscribe,
            onSubscribed: onSubscribed,
            onDispose: onDispose
        )
    }
}

extension PrimitiveSequenceType where Element: RxAbstractInteger {
    @available(*, deprecated, message: "Use DispatchTimeInterval overload instead.", renamed: "timer(_:scheduler:)")
    public static func timer(
        _ dueTime: Foundation.TimeInterval,
        scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        timer(.milliseconds(Int(dueTime * 1000.0)), scheduler: scheduler)
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    @available(*, deprecated, message: "Use Completable.zip instead.", renamed: "zip")
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Completable
    where Collection.Element == Completable {
        zip(sources)
    }

    @available(*, deprecated, message: "Use Completable.zip instead.", renamed: "zip")
    public static func merge(_ sources: [Completable]) -> Completable {
        zip(sources)
    }

    @available(*, deprecated, message: "Use Completable.zip instead.", renamed: "zip")
    public static func merge(_ sources: Completable...) -> Completable {
        zip(sources)
    }
}
