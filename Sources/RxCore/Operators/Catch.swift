extension ObservableType {
    /// On an error, continues with the sequence `handler` returns for it. A throwing handler
    /// ends the sequence with the thrown error.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        Catch(source: asObservable(), handler: handler)
    }

    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        `catch`(handler)
    }

    /// On an error, emits `element` and completes.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        Catch(source: asObservable(), handler: { _ in Observable.just(element) })
    }

    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }
}

private final class CatchSink<Element>: PassThroughSink<Element> {
    typealias Parent = Catch<Element>

    private let parent: Parent
    /// The source's subscription, replaced by the handler sequence's after an error.
    private let subscription = SerialDisposable()

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        let sourceSubscription = SingleAssignmentDisposable()
        subscription.disposable = sourceSubscription
        sourceSubscription.setDisposable(parent.source.subscribeReceiver(self))
        return subscription
    }

    override func receiveError(_ error: Swift.Error) {
        do {
            let continuation = try parent.handler(error)
            // Subscribing before the assignment disposes the failed source, as RxSwift does.
            subscription.disposable = continuation.subscribeReceiver(CatchSinkProxy(parent: self))
        } catch let handlerError {
            forwardError(handlerError)
            dispose()
        }
    }
}

/// Forwards the handler sequence through the sink, so nothing passes once it is disposed.
private final class CatchSinkProxy<Element>: PassThroughContinuation<Element> {}

private final class Catch<Element>: Producer<Element> {
    typealias Handler = (Swift.Error) throws -> Observable<Element>

    fileprivate let source: Observable<Element>
    fileprivate let handler: Handler

    init(source: Observable<Element>, handler: @escaping Handler) {
        self.source = source
        self.handler = handler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = CatchSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
