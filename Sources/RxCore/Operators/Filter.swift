extension ObservableType {
    /// Passes on only the elements that satisfy `predicate`.
    @inlinable public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        // The client makes the sink and caches its metadata (see `map`).
        Filter(source: asObservable(), predicate: predicate) { filter, observer in
            let sink = FilterSink(predicate: filter.predicate, observer: observer)
            return sink.disposer(owning: filter.source.subscribeReceiver(sink)) ?? sink
        }
    }
}

@usableFromInline
final class FilterSink<Element>: ElementSink<Element, Element> {
    @usableFromInline typealias Predicate = (Element) throws -> Bool

    private let predicate: Predicate

    @usableFromInline init(predicate: @escaping Predicate, observer: Receiver<Element>) {
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

    /// Subscribes `observer` through a new sink: written by `filter` in the client (see there).
    @usableFromInline typealias Run = (Filter, Receiver<Element>) -> Disposable

    @usableFromInline let source: Observable<Element>
    @usableFromInline let predicate: Predicate
    private let subscribeSink: Run

    @usableFromInline init(source: Observable<Element>, predicate: @escaping Predicate, subscribeSink: @escaping Run) {
        self.source = source
        self.predicate = predicate
        self.subscribeSink = subscribeSink
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        subscribeSink(self, observer)
    }
}
