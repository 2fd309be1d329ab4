/// Stands in for an observer that is not a `Receiver` (one written by the user, `AnyObserver`,
/// RxTest's observers) where RxCore needs a `Receiver`: `Producer.subscribe` and the subjects
/// make one per such subscription. Only here, at the edge, are `Event` values built.
@usableFromInline
final class ObserverAdapter<Observer: ObserverType>: Receiver<Observer.Element> {
    private let observer: Observer

    @usableFromInline
    init(_ observer: Observer) {
        self.observer = observer
    }

    override func receiveNext(_ element: Observer.Element) {
        observer.on(.next(element))
    }

    override func receiveError(_ error: Swift.Error) {
        observer.on(.error(error))
    }

    override func receiveCompleted() {
        observer.on(.completed)
    }

    override func on(_ event: Event<Observer.Element>) {
        observer.on(event)
    }

    #if TRACE_RESOURCES
    // The adapted observer's answers, when it is one of RxCore's receivers after all.
    private var adaptedReceiver: ReceiverBase? { observer as? ReceiverBase }
    override var hopStageID: UInt32 { adaptedReceiver?.hopStageID ?? 0 }
    override var hopIsSubscriber: Bool { adaptedReceiver?.hopIsSubscriber ?? false }
    override var hopDeliveringThread: UInt64 { adaptedReceiver?.hopDeliveringThread ?? 0 }
    override func hopFlagOverlap() { adaptedReceiver?.hopFlagOverlap() }
    #endif
}

extension ObserverType {
    /// This observer as a `Receiver`: itself when it is one, else an adapter.
    @inlinable
    func asReceiver() -> Receiver<Element> {
        if let receiver = self as? Receiver<Element> { return receiver }
        return ObserverAdapter(self)
    }
}
