/// When an observer subscribed to a test observable, and when it unsubscribed
/// (`Int.max` while still subscribed).
public struct Subscription: Equatable, Hashable, CustomDebugStringConvertible {
    public let subscribe: TestTime
    public let unsubscribe: TestTime

    /// A subscription that is still active.
    public init(_ subscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = Int.max
    }

    public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    public var debugDescription: String {
        let infiniteText = "Infinity"
        return "(\(subscribe) : \(unsubscribe != Int.max ? String(unsubscribe) : infiniteText))"
    }
}
