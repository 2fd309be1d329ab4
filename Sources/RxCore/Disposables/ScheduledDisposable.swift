/// Disposes its disposable on a given scheduler.
public final class ScheduledDisposable: Cancelable {
    public let scheduler: ImmediateSchedulerType

    private let disposed = AtomicInt(0)
    private var disposable: Disposable?

    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
        #if TRACE_RESOURCES
        Resources.track(self, kind: .disposable)
        #endif
    }

    public var isDisposed: Bool { disposed.isFlagSet(1) }

    public func dispose() {
        _ = scheduler.schedule(self) { scheduled in
            scheduled.disposeInner()
            return Disposables.create()
        }
    }

    func disposeInner() {
        if disposed.fetchOr(1) == 0 {
            disposable!.dispose()
            disposable = nil
        }
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}
