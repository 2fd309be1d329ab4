import Foundation

extension ObservableType {
    /// Subscribes to the source only after `dueTime`; events then pass unchanged.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        DelaySubscription(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }

    @available(
        *,
        deprecated,
        message: "Use DispatchTimeInterval overload instead.",
        renamed: "delaySubscription(_:scheduler:)"
    )
    public func delaySubscription(_ dueTime: Foundation.TimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        delaySubscription(.milliseconds(Int(dueTime * 1000.0)), scheduler: scheduler)
    }
}

private final class DelaySubscriptionSink<Element>: PassThroughSink<Element> {}

private final class DelaySubscription<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = DelaySubscriptionSink(observer: observer)
        let source = self.source
        // The scheduled action's result is the source subscription, so disposing before the
        // timer fires cancels it, and disposing after disposes the subscription.
        return sink.disposer(
            owning: scheduler.scheduleRelative(sink, dueTime: dueTime) { sink in
                source.subscribeReceiver(sink)
            }
        ) ?? sink
    }
}
