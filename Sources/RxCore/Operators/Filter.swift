extension ObservableType {
    /// Passes on only the elements that satisfy `predicate`.
    @inlinable public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        Filter(source: asObservable(), predicate: predicate)
    }
}

private final class FilterSink<Element>: ElementSink<Element, Element> {
    typealias Predicate = (Element) throws -> Bool

    private let predicate: Predicate

    init(predicate: @escaping Predicate, observer: Receiver<Element>) {
        self.predicate = predicate
        super.init(observer: observer)
    }

    override func receiveNext(_ element: Element) {
        do {
            if try predicate(element) {
                forwardNext(element)
            }
        } catch let error {
            forwardError(error)
            dispose()
        }
    }
}

@usableFromInline
final class Filter<Element>: Producer<Element> {
    @usableFromInline typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    private let predicate: Predicate

    @usableFromInline init(source: Observable<Element>, predicate: @escaping Predicate) {
        self.source = source
        self.predicate = predicate
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = FilterSink(predicate: predicate, observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
