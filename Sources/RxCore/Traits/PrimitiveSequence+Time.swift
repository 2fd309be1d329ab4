// Time-shifting operators on traits; they never change how many elements flow.
extension PrimitiveSequence {
    /// Shifts the element and completion by `dueTime`; an error is not delayed.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.delay(dueTime, scheduler: scheduler))
    }

    /// Subscribes to the source `dueTime` after subscription.
    public func delaySubscription(
        _ dueTime: RxTimeInterval,
        scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Fails with `RxError.timeout` when the source has not terminated within `dueTime`.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` when the source has not terminated within `dueTime`.
    public func timeout(
        _ dueTime: RxTimeInterval,
        other: PrimitiveSequence<Trait, Element>,
        scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.timeout(dueTime, other: other.source, scheduler: scheduler))
    }
}
