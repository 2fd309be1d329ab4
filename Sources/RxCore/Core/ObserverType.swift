/// Receives the events of an observable sequence.
public protocol ObserverType {
    associatedtype Element
    /// Delivers one event. Calls are never overlapping (the Rx grammar's serialisation rule).
    func on(_ event: Event<Element>)
}

extension ObserverType {
    public func onNext(_ element: Element) { on(.next(element)) }
    public func onCompleted() { on(.completed) }
    public func onError(_ error: Swift.Error) { on(.error(error)) }
}
