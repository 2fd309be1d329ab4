/// Enforces the grammar for observers: after a terminal event nothing more is delivered.
class ObserverBase<Element>: Disposable, ObserverType {
    private let isStopped = InlineAtomicInt(0)

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if isStopped.load() == 0 { onCore(event) }
        case .error, .completed:
            if isStopped.fetchOr(1) == 0 { onCore(event) }
        }
    }

    func onCore(_ event: Event<Element>) {
        rxAbstractMethod()
    }

    func dispose() {
        isStopped.fetchOr(1)
    }
}

/// The observer behind `subscribe(onNext:onError:onCompleted:onDisposed:)` and friends.
final class AnonymousObserver<Element>: ObserverBase<Element> {
    typealias EventHandler = (Event<Element>) -> Void

    private let eventHandler: EventHandler

    init(_ eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
        super.init()
        #if TRACE_RESOURCES
        Resources.track(self, kind: .observer)
        #endif
    }

    override func onCore(_ event: Event<Element>) {
        eventHandler(event)
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}
