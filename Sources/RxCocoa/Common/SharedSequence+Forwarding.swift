import RxSwift

// The subscriptions behind `drive`, `emit` and their relay forms, written once for both.
extension SharedSequenceConvertibleType {
    /// Sends every event to each of `observers`.
    func forward<Observer: ObserverType>(to observers: [Observer]) -> Disposable where Observer.Element == Element {
        asObservable().subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Sends every event, elements made optional, to each of `observers`.
    func forward<Observer: ObserverType>(to observers: [Observer]) -> Disposable where Observer.Element == Element? {
        asObservable().map { $0 as Element? }.subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Calls each of `accepts` (relays' `accept`) with every element.
    func forward(accepting accepts: [(Element) -> Void]) -> Disposable {
        asObservable().subscribe(onNext: { element in accepts.forEach { $0(element) } })
    }
}
