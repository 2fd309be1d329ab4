#if TRACE_RESOURCES
import Synchronization

/// What a traced resource is, for reports.
public enum ResourceKind: String, Sendable, CaseIterable, Codable {
    case sink, observer, disposable, subject, producer, scheduledItem = "scheduled-item"
}

/// RxSwift's resource counter: the number of live Rx resources. Only exists in traced builds.
/// Every `track`/`untrack` also feeds `ResourceRegistry`, so `total` equals
/// `ResourceRegistry.liveCount` unless `incrementTotal`/`decrementTotal` are called by hand.
public enum Resources {
    private static let counter = Atomic<Int32>(0)

    /// The number of resources alive now.
    public static var total: Int32 { counter.load(ordering: .relaxed) }

    /// Counts one more resource. Called by every sink, observer, disposable, subject and producer.
    @discardableResult
    public static func incrementTotal() -> Int32 {
        counter.add(1, ordering: .relaxed).newValue
    }

    /// Counts one resource fewer.
    @discardableResult
    public static func decrementTotal() -> Int32 {
        counter.subtract(1, ordering: .relaxed).newValue
    }

    /// Registers a resource at creation. The single entry point every RxCore type calls.
    @inline(__always)
    static func track(_ object: AnyObject, kind: ResourceKind) {
        incrementTotal()
        ResourceRegistry.register(object, kind: kind)
    }

    /// Deregisters a resource in its deinit.
    @inline(__always)
    static func untrack(_ object: AnyObject) {
        ResourceRegistry.unregister(object)
        decrementTotal()
    }
}
#endif
