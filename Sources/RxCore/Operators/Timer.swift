extension ObservableType where Element: RxAbstractInteger {
    /// Emits 0, 1, 2… every `period` on `scheduler`, forever.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Timer(dueTime: period, period: period, scheduler: scheduler)
    }

    /// Emits 0 after `dueTime`, then completes; or, with a `period`, keeps emitting 1, 2… every period.
    public static func timer(
        _ dueTime: RxTimeInterval,
        period: RxTimeInterval? = nil,
        scheduler: SchedulerType
    ) -> Observable<Element> {
        Timer(dueTime: dueTime, period: period, scheduler: scheduler)
    }
}

private final class TimerSink<Element: RxAbstractInteger>: Sink<Never, Receiver<Element>> {
    typealias Parent = Timer<Element>

    private let parent: Parent
    private let lock = RecursiveLock()

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        parent.scheduler.schedulePeriodic(0 as Element, startAfter: parent.dueTime, period: parent.period!) { state in
            self.lock.performLocked {
                self.forwardNext(state)
                return state &+ 1
            }
        }
    }
}

private final class TimerOneOffSink<Element: RxAbstractInteger>: Sink<Never, Receiver<Element>> {
    typealias Parent = Timer<Element>

    private let parent: Parent

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        parent.scheduler.scheduleRelative(self, dueTime: parent.dueTime) { sink -> Disposable in
            sink.forwardNext(0)
            sink.forwardCompleted()
            sink.dispose()
            return Disposables.create()
        }
    }
}

private final class Timer<Element: RxAbstractInteger>: Producer<Element> {
    fileprivate let scheduler: SchedulerType
    fileprivate let dueTime: RxTimeInterval
    fileprivate let period: RxTimeInterval?

    init(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: SchedulerType) {
        self.scheduler = scheduler
        self.dueTime = dueTime
        self.period = period
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        if period != nil {
            let sink = TimerSink(parent: self, observer: observer)
            return sink.disposer(owning: sink.run()) ?? sink
        }
        let sink = TimerOneOffSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
