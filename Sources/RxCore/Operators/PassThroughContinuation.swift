/// Observes the sequence a pass-through sink continues with (`catch`'s handler sequence,
/// `ifEmpty(switchTo:)`'s fallback) and forwards it through the sink, so nothing passes once
/// the sink is disposed; its terminal event disposes the sink.
class PassThroughContinuation<Element>: Receiver<Element> {
    private let parent: PassThroughSink<Element>

    init(parent: PassThroughSink<Element>) {
        self.parent = parent
        super.init()
        #if TRACE_RESOURCES
        Resources.track(self, kind: .observer)
        #endif
    }

    override func receiveNext(_ element: Element) {
        parent.forwardNext(element)
    }

    override func receiveError(_ error: Swift.Error) {
        parent.forwardError(error)
        parent.dispose()
    }

    override func receiveCompleted() {
        parent.forwardCompleted()
        parent.dispose()
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}
