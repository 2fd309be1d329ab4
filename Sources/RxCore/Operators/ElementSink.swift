/// A sink on the element-level path for an operator that acts on elements only: an error or
/// completion from upstream is forwarded as it is and ends the subscription (most single-source
/// operators). Subclasses override `receiveNext`, and a terminal entry point only when they do
/// something else there (`toArray` emits what it collected, `take` may complete early).
@usableFromInline
class ElementSink<Input, Output>: Sink<Input, Receiver<Output>> {
    override func receiveError(_ error: Swift.Error) {
        forwardError(error)
        dispose()
    }

    override func receiveCompleted() {
        forwardCompleted()
        dispose()
    }
}

/// An `ElementSink` whose elements go downstream unchanged (`deferred`, `using`): the sink is
/// there for the subscription's lifetime, not to transform anything.
class PassThroughSink<Element>: ElementSink<Element, Element> {
    override func receiveNext(_ element: Element) {
        forwardNext(element)
    }
}

/// An `ElementSink` whose events arrive from more than one thread (a timer, a second source):
/// subclasses take `lock` around what they do with an element; terminal events are forwarded
/// under it here.
class LockedElementSink<Element>: ElementSink<Element, Element> {
    final let lock = RecursiveLock()

    override func receiveError(_ error: Swift.Error) {
        lock.performLocked { super.receiveError(error) }
    }

    override func receiveCompleted() {
        lock.performLocked { super.receiveCompleted() }
    }
}
