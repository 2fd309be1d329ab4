extension ObservableType {
    /// Performs the subscription (and the disposal) on `scheduler`. It moves only the work done
    /// at subscription time: a source with a scheduler of its own still emits there.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOn(source: self, scheduler: scheduler)
    }

    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

private final class SubscribeOnSink<Source: ObservableType>: PassThroughSink<Source.Element> {
    typealias Parent = SubscribeOn<Source>

    private let parent: Parent

    init(parent: Parent, observer: Receiver<Source.Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        let disposeEverything = SerialDisposable()
        let cancelSchedule = SingleAssignmentDisposable()
        disposeEverything.disposable = cancelSchedule

        let disposeSchedule = parent.scheduler.schedule(()) { _ -> Disposable in
            let subscription = self.parent.source.subscribe(self)
            disposeEverything.disposable = ScheduledDisposable(
                scheduler: self.parent.scheduler,
                disposable: subscription
            )
            return Disposables.create()
        }
        cancelSchedule.setDisposable(disposeSchedule)
        return disposeEverything
    }
}

private final class SubscribeOn<Source: ObservableType>: Producer<Source.Element> {
    fileprivate let source: Source
    fileprivate let scheduler: ImmediateSchedulerType

    init(source: Source, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = SubscribeOnSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
