/// Base class for disposables: in traced builds it registers every instance.
open class DisposeBase {
    public init() {
        #if TRACE_RESOURCES
        Resources.track(self, kind: .disposable)
        #endif
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}
