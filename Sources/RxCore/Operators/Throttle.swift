import Foundation

extension ObservableType {
    /// Emits at most one element per `dueTime` window. An element arriving after a quiet
    /// window is emitted at once; with `latest` the last element received inside a window is
    /// emitted when the window ends (and a completion waits for it), without `latest` such
    /// elements are dropped.
    public func throttle(
        _ dueTime: RxTimeInterval,
        latest: Bool = true,
        scheduler: SchedulerType
    ) -> Observable<Element> {
        Throttle(source: asObservable(), dueTime: dueTime, latest: latest, scheduler: scheduler)
    }

    @available(
        *,
        deprecated,
        message: "Use DispatchTimeInterval overload instead.",
        renamed: "throttle(_:latest:scheduler:)"
    )
    public func throttle(
        _ dueTime: Foundation.TimeInterval,
        latest: Bool = true,
        scheduler: SchedulerType
    ) -> Observable<Element> {
        throttle(.milliseconds(Int(dueTime * 1000.0)), latest: latest, scheduler: scheduler)
    }
}

private final class ThrottleSink<Element>: Sink<Element, Receiver<Element>> {
    typealias Parent = Throttle<Element>

    private let parent: Parent
    private let lock = RecursiveLock()
    private var lastUnsentElement: Element?
    private var lastSentTime: Date?
    private var completed = false
    private let timer = SerialDisposable()

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        let subscription = parent.source.subscribeReceiver(self)
        return Disposables.create(subscription, timer)
    }

    override func receiveNext(_ element: Element) {
        lock.performLocked {
            let now = parent.scheduler.now
            let remaining: RxTimeInterval
            if let lastSentTime {
                remaining = parent.dueTime.reduceWithSpanBetween(earlierDate: lastSentTime, laterDate: now)
            } else {
                remaining = .nanoseconds(0)
            }
            if remaining.isNow {
                sendNow(element)
                return
            }
            guard parent.latest else { return }
            let alreadyScheduled = lastUnsentElement != nil
            lastUnsentElement = element
            if alreadyScheduled { return }
            let pending = SingleAssignmentDisposable()
            timer.disposable = pending
            pending.setDisposable(parent.scheduler.scheduleRelative(0, dueTime: remaining, action: propagate))
        }
    }

    override func receiveError(_ error: Swift.Error) {
        lock.performLocked {
            lastUnsentElement = nil
            forwardError(error)
            dispose()
        }
    }

    override func receiveCompleted() {
        lock.performLocked {
            // A pending latest element is still owed: complete right after it is sent.
            if lastUnsentElement != nil {
                completed = true
            } else {
                forwardCompleted()
                dispose()
            }
        }
    }

    private func sendNow(_ element: Element) {
        lastUnsentElement = nil
        forwardNext(element)
        // Measured after forwarding, so slow downstream work does not eat into the next window.
        lastSentTime = parent.scheduler.now
    }

    private func propagate(_: Int) -> Disposable {
        lock.performLocked {
            if let element = lastUnsentElement {
                sendNow(element)
            }
            if completed {
                forwardCompleted()
                dispose()
            }
        }
        return Disposables.create()
    }
}

private final class Throttle<Element>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let dueTime: RxTimeInterval
    fileprivate let latest: Bool
    fileprivate let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, latest: Bool, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.latest = latest
        self.scheduler = scheduler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = ThrottleSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
