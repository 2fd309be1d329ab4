import RxSwift

/// A type that is both the values of a UI element's property and an observer that sets it.
public protocol ControlPropertyType: ObservableType, ObserverType {
    /// `self` as a `ControlProperty`.
    func asControlProperty() -> ControlProperty<Element>
}

/// A UI element's property: its values (the current one at once on subscription, then every
/// change) and a sink that sets it. The values never fail and are subscribed on the main
/// thread (`subscribe(on: ConcurrentMainScheduler.instance)`); binding an error into it is a
/// programming error (a debug build stops; release prints it).
public struct ControlProperty<PropertyType>: ControlPropertyType {
    public typealias Element = PropertyType

    let values: Observable<PropertyType>
    let valueSink: AnyObserver<PropertyType>

    /// Combines `values` (subscribed on the main thread) and `valueSink`.
    public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
    where Element == Values.Element, Element == Sink.Element {
        self.values = values.subscribe(on: ConcurrentMainScheduler.instance)
        self.valueSink = valueSink.asObserver()
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        values.subscribe(observer)
    }

    /// The changes only: the values without the current one sent on subscription.
    public var changed: ControlEvent<PropertyType> {
        ControlEvent(events: values.skip(1))
    }

    public func asObservable() -> Observable<Element> {
        values
    }

    public func asControlProperty() -> ControlProperty<Element> {
        self
    }

    /// Sets the property on `.next`, forwards `.completed`; an error is a binding error.
    public func on(_ event: Event<Element>) {
        switch event {
        case let .error(error):
            bindingError(error)
        case .next, .completed:
            valueSink.on(event)
        }
    }
}

extension ControlPropertyType where Element == String? {
    /// The property with `nil` read as `""` (a text field's text).
    public var orEmpty: ControlProperty<String> {
        let original: ControlProperty<String?> = asControlProperty()
        let values: Observable<String> = original.values.map { $0 ?? "" }
        let valueSink: AnyObserver<String> = original.valueSink.mapObserver { $0 }
        return ControlProperty<String>(values: values, valueSink: valueSink)
    }
}
