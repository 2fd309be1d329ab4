/// A sink that combines a collection of sources (`zip` and `combineLatest` over a collection):
/// it takes each source's events with the source's index.
protocol CollectionSourceParent: AnyObject {
    associatedtype SourceElement

    func receiveNext(_ element: SourceElement, at index: Int)
    func receiveError(_ error: Swift.Error, at index: Int)
    func receiveCompleted(at index: Int)
}

/// Observes source number `index` of a collection and hands its events to the sink with that
/// index, as bare values (one object per source, where a closure-based observer would be two).
final class CollectionSourceObserver<Parent: CollectionSourceParent>: Receiver<Parent.SourceElement> {
    private let parent: Parent
    private let index: Int

    init(parent: Parent, index: Int) {
        self.parent = parent
        self.index = index
        super.init()
        #if TRACE_RESOURCES
        Resources.track(self, kind: .observer)
        #endif
    }

    override func receiveNext(_ element: Parent.SourceElement) {
        parent.receiveNext(element, at: index)
    }

    override func receiveError(_ error: Swift.Error) {
        parent.receiveError(error, at: index)
    }

    override func receiveCompleted() {
        parent.receiveCompleted(at: index)
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}
