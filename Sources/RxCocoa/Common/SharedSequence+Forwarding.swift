import RxSwift

// The subscriptions behind `drive`, `emit` and their relay forms, written once for both.
// Inlinable with them: specialised in the client, as `subscribe(onNext:)` is.
extension SharedSequenceConvertibleType {
    /// Sends every event to each of `observers`.
    @inlinable
    func forward<Observer: ObserverType>(to observers: [Observer]) -> Disposable where Observer.Element == Element {
        asObservable().subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Sends every event, elements made optional, to each of `observers`.
    @inlinable
    func forward<Observer: ObserverType>(to observers: [Observer]) -> Disposable where Observer.Element == Element? {
        asObservable().map { $0 as Element? }.subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Calls `accept` with each of `relays` and every element (a relay's `accept`). `accept`
    /// captures nothing, so the only closure made per subscription is the one over `relays`.
    @inlinable
    func forward<Relay>(to relays: [Relay], accept: @escaping (Relay, Element) -> Void) -> Disposable {
        asObservable().subscribe(onNext: { element in relays.forEach { accept($0, element) } })
    }
}
