/// One subscription's running state for an operator: it forwards events downstream until it
/// is disposed, and then forwards nothing more.
class Sink<Observer: ObserverType>: Disposable {
    final let observer: Observer
    final let cancel: Cancelable
    private let disposed = InlineAtomicInt(0)

    #if DEBUG
    private let synchronizationTracker = SynchronizationTracker()
    #endif

    init(observer: Observer, cancel: Cancelable) {
        self.observer = observer
        self.cancel = cancel
        #if TRACE_RESOURCES
        Resources.track(self, kind: .sink)
        #endif
    }

    /// Sends `event` downstream unless this sink was disposed.
    @inline(__always)
    final func forwardOn(_ event: Event<Observer.Element>) {
        #if DEBUG
        synchronizationTracker.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker.unregister() }
        #endif
        if disposed.isFlagSet(1) { return }
        observer.on(event)
    }

    /// An observer that forwards straight to this sink's downstream (used by `catch`, `retry`…).
    final func forwarder() -> SinkForward<Observer> {
        SinkForward(forward: self)
    }

    final var isDisposed: Bool { disposed.isFlagSet(1) }

    func dispose() {
        disposed.fetchOr(1)
        cancel.dispose()
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}

/// Forwards events to a sink's downstream observer; a terminal event also disposes the sink.
final class SinkForward<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element

    private let forward: Sink<Observer>

    init(forward: Sink<Observer>) {
        self.forward = forward
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forward.observer.on(event)
        case .error, .completed:
            forward.observer.on(event)
            forward.cancel.dispose()
        }
    }
}
