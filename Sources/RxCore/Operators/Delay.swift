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
    /// Elements waiting for their time, as bare values (no `Event<Element>`, whose metadata
    /// unspecialised code looks up at run time), from `head` on; `arrivals` holds the time each
    /// arrived. The completion waits apart: it arrives after the last element.
    private var waiting = ElementBuffer()
    private var arrivals: [RxTime] = []
    private var head = 0
    private var completionArrival: RxTime?

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
        startDrainIfIdle {
            waiting.append(element)
            arrivals.append(scheduler.now)
        }
    }

    override func receiveError(_ error: Swift.Error) {
        // The source is done once it stopped.
        sourceSubscription.dispose()
        let sendNow: Bool = lock.performLocked {
            removeWaiting()
            completionArrival = nil
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
        startDrainIfIdle { completionArrival = scheduler.now }
    }

    /// Queues what `add` adds under the lock, and starts the drain when none is active.
    private func startDrainIfIdle(_ add: () -> Void) {
        let startDrain: Bool = lock.performLocked {
            add()
            let wasActive = active
            active = true
            return !wasActive
        }
        if startDrain {
            drainTimer.disposable = scheduler.scheduleRecursive((), dueTime: dueTime, action: drain)
        }
    }

    /// Under the lock: drops the waiting elements.
    private func removeWaiting() {
        waiting.removeAll(as: Element.self)
        arrivals.removeAll(keepingCapacity: true)
        head = 0
    }

    /// Under the lock: when the next waiting event arrived (an element's, else the completion's).
    private var nextArrival: RxTime? {
        head < arrivals.count ? arrivals[head] : completionArrival
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
            // Locked by hand rather than in a closure: the element is read under the lock (the
            // buffer may grow meanwhile) and handed on after it, with no `Element?` between.
            lock.lock()
            if let error = pendingError {
                lock.unlock()
                forwardError(error)
                dispose()
                return
            }
            if !forwardedOne, head < waiting.count {
                let element = waiting.element(at: head, as: Element.self)
                head += 1
                if head == waiting.count { removeWaiting() }
                lock.unlock()
                forwardedOne = true
                forwardNext(element)
                continue
            }
            if !forwardedOne, completionArrival != nil {
                completionArrival = nil
                lock.unlock()
                forwardCompleted()
                dispose()
                return
            }
            let next = forwardedOne ? nextArrival : nil
            running = false
            if next == nil { active = false }
            lock.unlock()
            guard let next else { return }
            recurse.schedule((), dueTime: dueTime.reduceWithSpanBetween(earlierDate: next, laterDate: scheduler.now))
            return
        }
    }

    deinit {
        // The buffer frees its storage; the elements still waiting are destroyed here.
        removeWaiting()
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
