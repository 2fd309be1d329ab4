import Foundation

extension ObservableType {
    /// Shifts every element and the completion later by `dueTime`. Errors are not delayed: an
    /// error is delivered as soon as it arrives, and elements still waiting are dropped.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Delay(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }

    @available(*, deprecated, message: "Use DispatchTimeInterval overload instead.", renamed: "delay(_:scheduler:)")
    public func delay(_ dueTime: Foundation.TimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        delay(.milliseconds(Int(dueTime * 1000.0)), scheduler: scheduler)
    }
}

private final class DelaySink<Element>: Sink<Element, Receiver<Element>> {
    private let lock = RecursiveLock()
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let sourceSubscription = SingleAssignmentDisposable()
    private let drainTimer = SerialDisposable()

    /// A drain is scheduled or running.
    private var active = false
    /// The drain is forwarding right now, so an error must wait for it.
    private var running = false
    private var pendingError: Swift.Error?
    /// Elements and the completion waiting for their time, with the time each arrived (an
    /// event stored only while it waits, never one per hop).
    private var queue: [(arrival: RxTime, event: Event<Element>)] = []
    private var queueHead = 0

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: Receiver<Element>) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer)
    }

    func run(source: Observable<Element>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribeReceiver(self))
        return Disposables.create(sourceSubscription, drainTimer)
    }

    override func receiveNext(_ element: Element) {
        enqueue(.next(element))
    }

    override func receiveError(_ error: Swift.Error) {
        // The source is done once it stopped.
        sourceSubscription.dispose()
        let sendNow: Bool = lock.performLocked {
            queue = []
            queueHead = 0
            pendingError = error
            return !running
        }
        if sendNow {
            forwardError(error)
            dispose()
        }
    }

    override func receiveCompleted() {
        // The source is done once it stopped, even though its completion is still to come.
        sourceSubscription.dispose()
        enqueue(.completed)
    }

    private func enqueue(_ event: Event<Element>) {
        let startDrain: Bool = lock.performLocked {
            let wasActive = active
            active = true
            queue.append((scheduler.now, event))
            return !wasActive
        }
        if startDrain {
            drainTimer.disposable = scheduler.scheduleRecursive((), dueTime: dueTime, action: drain)
        }
    }

    private func dequeue() -> Event<Element>? {
        guard queueHead < queue.count else { return nil }
        let event = queue[queueHead].event
        queueHead += 1
        if queueHead == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
        }
        return event
    }

    /// Forwards the event whose time has come, then reschedules itself for the next one at
    /// its own arrival time plus `dueTime`.
    private func drain(_: Void, recurse: AnyRecursiveScheduler<Void>) {
        let failed: Bool = lock.performLocked {
            if pendingError != nil { return true }
            running = true
            return false
        }
        if failed { return }

        var forwardedOne = false
        while true {
            var error: Swift.Error?
            var eventToForward: Event<Element>?
            var nextArrival: RxTime?
            lock.performLocked {
                error = pendingError
                if !forwardedOne {
                    eventToForward = dequeue()
                } else if queueHead < queue.count {
                    nextArrival = queue[queueHead].arrival
                }
                if error == nil {
                    if eventToForward != nil {
                        // Still running.
                    } else if nextArrival != nil {
                        running = false
                    } else {
                        running = false
                        active = false
                    }
                }
            }

            if let error {
                forwardError(error)
                dispose()
                return
            }
            if let eventToForward {
                forwardedOne = true
                switch eventToForward {
                case .next(let element):
                    forwardNext(element)
                case .error(let error):
                    // Never queued: errors are not delayed.
                    forwardError(error)
                    dispose()
                    return
                case .completed:
                    forwardCompleted()
                    dispose()
                    return
                }
            } else if let nextArrival {
                recurse.schedule((), dueTime: dueTime.reduceWithSpanBetween(earlierDate: nextArrival, laterDate: scheduler.now))
                return
            } else {
                return
            }
        }
    }
}

private final class Delay<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = DelaySink(dueTime: dueTime, scheduler: scheduler, observer: observer)
        return sink.disposer(owning: sink.run(source: source)) ?? sink
    }
}
