/// A sink that combines a fixed number of sources (`zip` and `combineLatest` of 2–8 sources):
/// each source's observer has already stored its element and reports by the source's index,
/// under the sink's lock.
protocol IndexedSourceParent: AnyObject {
    func next(_ index: Int)
    func fail(_ error: Swift.Error)
    func done(_ index: Int)
}

/// Observes source number `index` of a fixed-arity zip or combineLatest: stores each element
/// (zip buffers it, combineLatest keeps the latest) and reports to the sink, under the sink's
/// lock. A terminal event disposes this source's subscription.
///
/// The sinks make these through a metatype the producer got in the client (`observerType1`…,
/// written by `make`), with the required initializer: naming `IndexedSourceObserver<E>` in
/// RxCore's unspecialised `run` looked up its generic metadata for every source of every
/// subscription.
@usableFromInline
final class IndexedSourceObserver<Element>: Receiver<Element> {
    private let lock: RecursiveLock
    private let parent: IndexedSourceParent
    private let index: Int
    private let subscription: Disposable
    private let store: (Element) -> Void

    required init(
        lock: RecursiveLock,
        parent: IndexedSourceParent,
        index: Int,
        subscription: Disposable,
        store: @escaping (Element) -> Void
    ) {
        self.lock = lock
        self.parent = parent
        self.index = index
        self.subscription = subscription
        self.store = store
        super.init()
        #if TRACE_RESOURCES
        Resources.track(self, kind: .observer)
        #endif
    }

    /// A terminal event disposes `subscription` (a `SingleAssignmentDisposable`, which lets go
    /// of what it holds), and so does disposing the sink (its composite holds the same one): a
    /// source's sink can be its own subscription, without a `SinkDisposer`.
    override var releasesSubscriptionWhenDone: Bool { true }

    override func receiveNext(_ element: Element) {
        lock.performLocked {
            store(element)
            parent.next(index)
        }
    }

    override func receiveError(_ error: Swift.Error) {
        lock.performLocked {
            subscription.dispose()
            parent.fail(error)
        }
    }

    override func receiveCompleted() {
        lock.performLocked {
            subscription.dispose()
            parent.done(index)
        }
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}
