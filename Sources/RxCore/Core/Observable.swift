/// The type-erased observable sequence that every operator returns.
open class Observable<Element>: ObservableType {
    init() {
        #if TRACE_RESOURCES
        Resources.track(self, kind: .producer)
        #endif
    }

    open func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        rxAbstractMethod()
    }

    public func asObservable() -> Observable<Element> { self }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}
