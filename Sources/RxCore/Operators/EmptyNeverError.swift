extension ObservableType {
    /// A sequence that completes at once.
    public static func empty() -> Observable<Element> {
        EmptyProducer<Element>()
    }

    /// A sequence that never emits and never ends.
    public static func never() -> Observable<Element> {
        NeverProducer()
    }

    /// A sequence that fails at once with `error`.
    public static func error(_ error: Swift.Error) -> Observable<Element> {
        ErrorProducer(error: error)
    }
}

private final class EmptyProducer<Element>: Producer<Element> {
    override func subscribeReceiver(_ observer: Receiver<Element>) -> Disposable {
        observer.receiveCompleted()
        return Disposables.create()
    }
}

private final class NeverProducer<Element>: Producer<Element> {
    override func subscribeReceiver(_ observer: Receiver<Element>) -> Disposable {
        Disposables.create()
    }
}

private final class ErrorProducer<Element>: Producer<Element> {
    private let error: Swift.Error

    init(error: Swift.Error) {
        self.error = error
    }

    override func subscribeReceiver(_ observer: Receiver<Element>) -> Disposable {
        observer.receiveError(error)
        return Disposables.create()
    }
}
