import Foundation

extension ObservableType {
    /// Fails with `RxError.timeout` when no element arrives within `dueTime` of the
    /// subscription or of the previous element.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Timeout(
            source: asObservable(),
            dueTime: dueTime,
            other: Observable.error(RxError.timeout),
            scheduler: scheduler
        )
    }

    /// Switches to `other` when no element arrives within `dueTime` of the subscription or of
    /// the previous element.
    public func timeout<Source: ObservableConvertibleType>(
        _ dueTime: RxTimeInterval,
        other: Source,
        scheduler: SchedulerType
    ) -> Observable<Element> where Element == Source.Element {
        Timeout(source: asObservable(), dueTime: dueTime, other: other.asObservable(), scheduler: scheduler)
    }

    @available(*, deprecated, message: "Use DispatchTimeInterval overload instead.", renamed: "timeout(_:scheduler:)")
    public func timeout(_ dueTime: Foundation.TimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timeout(.milliseconds(Int(dueTime * 1000.0)), scheduler: scheduler)
    }

    @available(
        *,
        deprecated,
        message: "Use DispatchTimeInterval overload instead.",
        renamed: "timeout(_:other:scheduler:)"
    )
    public func timeout<OtherSource: ObservableConvertibleType>(
        _ dueTime: Foundation.TimeInterval,
        other: OtherSource,
        scheduler: SchedulerType
    ) -> Observable<Element> where Element == OtherSource.Element {
        timeout(.milliseconds(Int(dueTime * 1000.0)), other: other, scheduler: scheduler)
    }
}

private final class TimeoutSink<Element>: Sink<Element, Receiver<Element>> {
    typealias Parent = Timeout<Element>

    private let parent: Parent
    private let lock = RecursiveLock()
    private let timer = SerialDisposable()
    /// The source's subscription, replaced by `other`'s on a timeout.
    private let subscription = SerialDisposable()
    /// Counts source events, so a timer armed before the latest one loses the race.
    private var id = 0
    private var switched = false

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        let original = SingleAssignmentDisposable()
        subscription.disposable = original
        armTimer()
        original.setDisposable(parent.source.subscribeReceiver(self))
        return Disposables.create(subscription, timer)
    }

    override func receiveNext(_ element: Element) {
        guard sourceWins() else { return }
        forwardNext(element)
        armTimer()
    }

    override func receiveError(_ error: Swift.Error) {
        guard sourceWins() else { return }
        forwardError(error)
        dispose()
    }

    override func receiveCompleted() {
        guard sourceWins() else { return }
        forwardCompleted()
        dispose()
    }

    /// Whether a source event still counts (no timeout switched to `other`); it restarts the
    /// race with the timer.
    private func sourceWins() -> Bool {
        lock.performLocked {
            if switched { return false }
            id = id &+ 1
            return true
        }
    }

    private func armTimer() {
        if timer.isDisposed { return }
        let next = SingleAssignmentDisposable()
        timer.disposable = next
        let armedId = lock.performLocked { id }
        next.setDisposable(
            parent.scheduler.scheduleRelative(armedId, dueTime: parent.dueTime) { state in
                let timerWins: Bool = self.lock.performLocked {
                    self.switched = (state == self.id)
                    return self.switched
                }
                if timerWins {
                    self.subscription.disposable = self.parent.other.subscribeReceiver(self.forwarder())
                }
                return Disposables.create()
            }
        )
    }
}

private final class Timeout<Element>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let dueTime: RxTimeInterval
    fileprivate let other: Observable<Element>
    fileprivate let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, other: Observable<Element>, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = TimeoutSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
