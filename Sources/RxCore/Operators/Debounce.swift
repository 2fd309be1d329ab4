extension ObservableType {
    /// Emits an element only after `dueTime` passes without another element. On completion the
    /// pending element, if any, is emitted at once before `completed`.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Debounce(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

private final class DebounceSink<Element>: Sink<Element, Receiver<Element>> {
    typealias Parent = Debounce<Element>

    private let parent: Parent
    private let lock = RecursiveLock()
    /// Identifies the latest element, so a timer for an older one does nothing.
    private var id: UInt64 = 0
    private var value: Element?
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
            id = id &+ 1
            let currentId = id
            value = element
            let pending = SingleAssignmentDisposable()
            timer.disposable = pending
            pending.setDisposable(
                parent.scheduler.scheduleRelative(currentId, dueTime: parent.dueTime, action: propagate)
            )
        }
    }

    override func receiveError(_ error: Swift.Error) {
        lock.performLocked {
            value = nil
            forwardError(error)
            dispose()
        }
    }

    override func receiveCompleted() {
        lock.performLocked {
            if let pendingValue = value {
                value = nil
                forwardNext(pendingValue)
            }
            forwardCompleted()
            dispose()
        }
    }

    private func propagate(_ currentId: UInt64) -> Disposable {
        lock.performLocked {
            if let pendingValue = value, id == currentId {
                value = nil
                forwardNext(pendingValue)
            }
        }
        return Disposables.create()
    }
}

private final class Debounce<Element>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let dueTime: RxTimeInterval
    fileprivate let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = DebounceSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
