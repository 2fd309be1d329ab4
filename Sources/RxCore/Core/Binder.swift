import Foundation

/// An observer for UI-style bindings: it never receives errors, and delivers on its scheduler.
/// An error sent to a binder is a programming error (fatal in debug builds, logged in release).
/// It may be fed from any thread, as RxCocoa's may: the binding runs on the scheduler
/// (`MainScheduler` unless told otherwise), so feeding it off the main thread is no thread anomaly.
public struct Binder<Value>: ObserverType {
    public typealias Element = Value

    private let binding: (Event<Value>) -> Void

    /// Binds to `target` weakly: once the target is gone, events are ignored.
    public init<Target: AnyObject>(
        _ target: Target,
        scheduler: ImmediateSchedulerType = MainScheduler(),
        binding: @escaping (Target, Value) -> Void
    ) {
        weak let weakTarget = target
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
        binding(event)
    }

    public func asObserver() -> AnyObserver<Value> { AnyObserver(eventHandler: on) }
}
