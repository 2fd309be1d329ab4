extension ObservableType {
    /// Emits `elements` first, synchronously on subscription, then subscribes to this sequence.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        StartWith(source: asObservable(), elements: elements)
    }
}

private final class StartWith<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let elements: [Element]

    init(source: Observable<Element>, elements: [Element]) {
        self.source = source
        self.elements = elements
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        // The prefix goes straight to the observer: no sink is needed for a fixed list, and the
        // source is only subscribed once the prefix has been delivered. Its subscription is this
        // one's: there is nothing else to dispose.
        for element in elements {
            observer.receiveNext(element)
        }
        return source.subscribeReceiver(observer)
    }
}
