#if TRACE_RESOURCES
import Synchronization

/// What a traced resource is, for reports.
public enum ResourceKind: String, Sendable, CaseIterable, Codable {
    case sink, observer, disposable, subject, producer
    case scheduledItem = "scheduled-item"
}

/// RxSwift's resource counter: the number of live Rx resources. Only exists in traced builds.
///
/// The count is the registry's: every `track`/`untrack` registers or removes the resource in
/// `ResourceRegistry`, and `total` sums its shards, so registration pays for one table update
/// and no shared counter. `incrementTotal`/`decrementTotal` (RxSwift's API, for code that counts
/// its own resources) adjust the total on top of the registry.
public enum Resources {
    private static let adjustment = Atomic<Int32>(0)

    /// The number of resources alive now.
    public static var total: Int32 {
        Int32(truncatingIfNeeded: ResourceRegistry.liveCount) &+ adjustment.load(ordering: .relaxed)
    }

    /// Counts one more resource by hand.
    @discardableResult
    public static func incrementTotal() -> Int32 {
        adjustment.add(1, ordering: .relaxed)
        return total
    }

    /// Counts one resource fewer by hand.
    @discardableResult
    public static func decrementTotal() -> Int32 {
        adjustment.subtract(1, ordering: .relaxed)
        return total
    }

    /// Registers a resource at creation. The single entry point every RxCore type calls.
    /// Returns the interned allocation stack (0 when none was captured). Generic over the class
    /// rather than taking `AnyObject`: converting `self` in an initializer to `AnyObject` made
    /// the compiler retain and release it around every registration.
    @inline(__always) @discardableResult
    static func track<Object: AnyObject>(_ object: Object, kind: ResourceKind) -> UInt32 {
        ResourceRegistry.register(
            address: UInt(bitPattern: ObjectIdentifier(object)),
            type: type(of: object),
            kind: kind
        )
    }

    /// Deregisters a resource in its deinit.
    @inline(__always)
    static func untrack<Object: AnyObject>(_ object: Object) {
        ResourceRegistry.unregister(address: UInt(bitPattern: ObjectIdentifier(object)))
    }
}
#endif
