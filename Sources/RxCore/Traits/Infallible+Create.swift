/// What an `Infallible` delivers.
public enum InfallibleEvent<Element> {
    /// An element.
    case next(Element)
    /// The sequence completed.
    case completed
}

extension InfallibleEvent: EventConvertible {
    public var event: Event<Element> {
        switch self {
        case .next(let element): return .next(element)
        case .completed: return .completed
        }
    }
}

extension Infallible {
    public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void

    /// Builds an `Infallible` from a subscribe function; nothing is delivered after completion.
    public static func create(subscribe: @escaping (@escaping InfallibleObserver) -> Disposable) -> Infallible<Element>
    {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .next(let element): observer.on(.next(element))
                case .completed: observer.on(.completed)
                }
            }
        }
        return Infallible(source)
    }
}
