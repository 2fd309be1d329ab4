extension ObservableType {
    /// Runs side effects around each event and around subscription and disposal. A throwing
    /// handler ends the sequence with its error.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        Do(
            source: asObservable(),
            handlers: DoEventHandlers(
                onNext: onNext,
                afterNext: afterNext,
                onError: onError,
                afterError: afterError,
                onCompleted: onCompleted,
                afterCompleted: afterCompleted
            ),
            onSubscribe: onSubscribe,
            onSubscribed: onSubscribed,
            onDispose: onDispose
        )
    }
}

/// The handlers `do` runs before and after each kind of event, kept apart (rather than as
/// one handler of `Event`) so that an element reaches them and goes on without an `Event`.
private struct DoEventHandlers<Element> {
    let onNext: ((Element) throws -> Void)?
    let afterNext: ((Element) throws -> Void)?
    let onError: ((Swift.Error) throws -> Void)?
    let afterError: ((Swift.Error) throws -> Void)?
    let onCompleted: (() throws -> Void)?
    let afterCompleted: (() throws -> Void)?
}

private final class DoSink<Element>: Sink<Element, Receiver<Element>> {
    // The producer's handlers, read through it: one reference per subscription, not six.
    private let parent: Do<Element>

    init(parent: Do<Element>, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    private var handlers: DoEventHandlers<Element> { parent.handlers }

    override func receiveNext(_ element: Element) {
        do {
            try handlers.onNext?(element)
            forwardNext(element)
            try handlers.afterNext?(element)
        } catch let error {
            forwardError(error)
            dispose()
        }
    }

    override func receiveError(_ error: Swift.Error) {
        do {
            try handlers.onError?(error)
            forwardError(error)
            try handlers.afterError?(error)
            dispose()
        } catch let handlerError {
            forwardError(handlerError)
            dispose()
        }
    }

    override func receiveCompleted() {
        do {
            try handlers.onCompleted?()
            forwardCompleted()
            try handlers.afterCompleted?()
            dispose()
        } catch let error {
            forwardError(error)
            dispose()
        }
    }
}

private final class Do<Element>: Producer<Element> {
    private let source: Observable<Element>
    fileprivate let handlers: DoEventHandlers<Element>
    private let onSubscribe: (() -> Void)?
    private let onSubscribed: (() -> Void)?
    private let onDispose: (() -> Void)?

    init(
        source: Observable<Element>,
        handlers: DoEventHandlers<Element>,
        onSubscribe: (() -> Void)?,
        onSubscribed: (() -> Void)?,
        onDispose: (() -> Void)?
    ) {
        self.source = source
        self.handlers = handlers
        self.onSubscribe = onSubscribe
        self.onSubscribed = onSubscribed
        self.onDispose = onDispose
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        onSubscribe?()
        let sink = DoSink(parent: self, observer: observer)
        let subscription = source.subscribeReceiver(sink)
        onSubscribed?()
        let onDispose = self.onDispose
        return sink.disposer(
            owning: Disposables.create {
                subscription.dispose()
                onDispose?()
            }
        ) ?? sink
    }
}
