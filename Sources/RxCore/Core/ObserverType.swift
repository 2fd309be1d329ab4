/// Receives the events of an observable sequence.
public protocol ObserverType {
    associatedtype Element
    /// Delivers one event. Calls are never overlapping (the Rx grammar's serialisation rule).
    func on(_ event: Event<Element>)
}

// Inlinable: the caller, which knows `Element`, builds the event. In RxCore's unspecialised code
// building it looked up `Event<Element>`'s generic metadata on every call.
extension ObserverType {
    @inlinable public func onNext(_ element: Element) { on(.next(element)) }
    @inlinable public func onCompleted() { on(.completed) }
    @inlinable public func onError(_ error: Swift.Error) { on(.error(error)) }
}
