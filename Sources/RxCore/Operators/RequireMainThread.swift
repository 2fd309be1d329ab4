extension ObservableType {
    /// Declares that the code subscribing here requires its events on the main thread (it
    /// updates UI state, say). A traced build reports every delivery off the main thread (off the
    /// main queue: code on the main queue is on main whichever thread serves it) as a
    /// thread anomaly at this stage, with the subscription's call site; untraced builds return
    /// the sequence unchanged and pay nothing. A `Binder` needs no declaration: it binds on its own
    /// scheduler (the main one by default), whichever thread feeds it.
    public func requireMainThread() -> Observable<Element> {
        #if TRACE_RESOURCES
        return RequireMainThread(source: asObservable())
        #else
        return asObservable()
        #endif
    }
}

#if TRACE_RESOURCES
import Foundation

private final class RequireMainThreadSink<Element>: Sink<Element, Receiver<Element>> {
    override func receiveNext(_ element: Element) {
        checkMainThread()
        forwardNext(element)
    }

    override func receiveError(_ error: Swift.Error) {
        checkMainThread()
        forwardError(error)
        dispose()
    }

    override func receiveCompleted() {
        checkMainThread()
        forwardCompleted()
        dispose()
    }

    private func checkMainThread() {
        hops.checkMainThread(stage: hops.stage, consumer: "a consumer declared with requireMainThread()")
    }
}

private final class RequireMainThread<Element>: Producer<Element> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = RequireMainThreadSink(observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
#endif
