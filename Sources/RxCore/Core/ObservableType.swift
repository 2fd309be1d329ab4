/// The push-style sequence protocol: every operator is an extension of it.
public protocol ObservableType: ObservableConvertibleType {
    /// Subscribes `observer` to receive events. The returned disposable cancels the subscription.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}

extension ObservableType {
    public func asObservable() -> Observable<Element> {
        Observable.create { observer in self.subscribe(observer) }
    }
}
