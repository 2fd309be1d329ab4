import Foundation

/// An observer for UI-style bindings: it never receives errors, and delivers on its scheduler.
/// An error sent to a binder is a programming error (fatal in debug builds, logged in release).
public struct Binder<Value>: ObserverType {
    public typealias Element = Value

    private let binding: (Event<Value>) -> Void
    #if TRACE_RESOURCES
    /// A binder on a main scheduler requires its events on the main queue or thread (anomaly 4).
    private let requiresMainThread: Bool
    #endif

    /// Binds to `target` weakly: once the target is gone, events are ignored.
    public init<Target: AnyObject>(
        _ target: Target,
        scheduler: ImmediateSchedulerType = MainScheduler(),
        binding: @escaping (Target, Value) -> Void
    ) {
        weak let weakTarget = target
        #if TRACE_RESOURCES
        requiresMainThread =
            scheduler is MainScheduler || scheduler is MainAsyncScheduler || scheduler is ConcurrentMainScheduler
        #endif
        self.binding = { event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { element in
                    if let target = weakTarget { binding(target, element) }
                    return Disposables.create()
                }
            case .error(let error):
                rxFatalErrorInDebug("Binding error: \(error)")
            case .completed:
                break
            }
        }
    }

    public func on(_ event: Event<Value>) {
        #if TRACE_RESOURCES
        if requiresMainThread, !MainQueue.isCurrentOrMainThread { recordOffMainThread() }
        #endif
        binding(event)
    }

    #if TRACE_RESOURCES
    /// Anomaly 4, at the subscriber that feeds this binder (its `bind(to:)` call site).
    @inline(never)
    private func recordOffMainThread() {
        let state = HopThreadState.current
        ThreadAnomalyLog.record(
            .offMainThread,
            stage: state.pointee.deliveringStage,
            place: state.pointee.place,
            detail: "delivered off the main thread to a Binder on MainScheduler, which requires the main thread"
        )
    }
    #endif

    public func asObserver() -> AnyObserver<Value> { AnyObserver(eventHandler: on) }
}
