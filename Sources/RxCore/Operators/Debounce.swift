extension ObservableType {
    /// Emits an element only after `dueTime` passes without another element. On completion the
    /// pending element, if any, is emitted at once before `completed`.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Debounce(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

private final class DebounceSink<Observer: ObserverType>: Sink<Observer.Element, Observer> {
    typealias Element = Observer.Element
    typealias Parent = Debounce<Element>

    private let parent: Parent
    private let lock = RecursiveLock()
    /// Identifies the latest element, so a timer for an older one does nothing.
    private var id: UInt64 = 0
    private var value: Element?
    private let timer = SerialDisposable()

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let subscription = parent.source.subscribe(self)
        return Disposables.create(subscription, timer)
    }

    override func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next(let element):
                id = id &+ 1
                let currentId = id
                value = element
                let pending = SingleAssignmentDisposable()
                timer.disposable = pending
                pending.setDisposable(parent.scheduler.scheduleRelative(currentId, dueTime: parent.dueTime, action: propagate))
            case .error:
                value = nil
                forwardOn(event)
                dispose()
            case .completed:
                if let pendingValue = value {
                    value = nil
                    forwardOn(.next(pendingValue))
                }
                forwardOn(.completed)
                dispose()
            }
        }
    }

    private func propagate(_ currentId: UInt64) -> Disposable {
        lock.performLocked {
            if let pendingValue = value, id == currentId {
                value = nil
                forwardOn(.next(pendingValue))
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

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = DebounceSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
