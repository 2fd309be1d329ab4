extension ObservableType {
    /// Passes on only the elements that satisfy `predicate`.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        Filter(source: asObservable(), predicate: predicate)
    }
}

private final class FilterSink<Element>: ElementSink<Element, Element> {
    typealias Predicate = (Element) throws -> Bool

    private let predicate: Predicate

    init(predicate: @escaping Predicate, observer: Receiver<Element>, cancel: Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
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

private final class Filter<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    private let predicate: Predicate

    init(source: Observable<Element>, predicate: @escaping Predicate) {
        self.source = source
        self.predicate = predicate
    }

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = FilterSink(predicate: predicate, observer: observer, cancel: cancel)
        let subscription = source.subscribeReceiver(sink)
        return (sink: sink, subscription: subscription)
    }
}
