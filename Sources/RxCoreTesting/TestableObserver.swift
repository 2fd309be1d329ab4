import RxCore

/// Records every event it receives, with the scheduler's virtual time.
public final class TestableObserver<Element>: ObserverType {
    private let scheduler: TestScheduler

    /// The recorded events, in order.
    public private(set) var events = [Recorded<Event<Element>>]()

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    public func on(_ event: Event<Element>) {
        events.append(Recorded(time: scheduler.clock, value: event))
    }
}
