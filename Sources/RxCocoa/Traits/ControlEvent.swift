import RxSwift

/// A type that can be converted to a `ControlEvent`.
public protocol ControlEventType: ObservableType {
    /// `self` as a `ControlEvent`.
    func asControlEvent() -> ControlEvent<Element>
}

/// Events of a UI element (taps, edits): the sequence never fails, is subscribed on the main
/// thread (`subscribe(on: ConcurrentMainScheduler.instance)`) and sends no initial value.
/// Delivery on the main thread and completion when the control goes away are the source's
/// job, as in RxCocoa.
public struct ControlEvent<PropertyType>: ControlEventType {
    public typealias Element = PropertyType

    let events: Observable<PropertyType>

    /// Wraps `events`; subscriptions to it are made on the main thread.
    public init<Ev: ObservableType>(events: Ev) where Ev.Element == Element {
        self.events = events.subscribe(on: ConcurrentMainScheduler.instance)
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        events.subscribe(observer)
    }

    public func asObservable() -> Observable<Element> {
        events
    }

    public func asControlEvent() -> ControlEvent<Element> {
        self
    }

    /// The events as an `Infallible` (a control event cannot fail).
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }
}
