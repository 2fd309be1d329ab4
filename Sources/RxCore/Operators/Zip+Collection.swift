extension ObservableType {
    /// Combines the sources' elements by index (the first of each, then the second of each…)
    /// through `resultSelector`. Completes once every source completed, or as soon as a source
    /// emits while all the others have completed and one of them has nothing left to pair with.
    /// An empty collection completes at once.
    @inlinable public static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        ZipCollection.make(sources: collection, resultSelector: resultSelector)
    }

    /// Combines the sources' elements by index into arrays. An empty collection completes at once.
    @inlinable public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
    where Collection.Element: ObservableType, Collection.Element.Element == Element {
        ZipCollection.make(sources: collection, resultSelector: { $0 })
    }
}

private final class ZipCollectionSink<Collection: Swift.Collection, Result>: Sink<Never, Receiver<Result>>,
    CollectionSourceParent
where Collection.Element: ObservableConvertibleType {
    typealias SourceElement = Collection.Element.Element
    typealias Parent = ZipCollection<Collection, Result>

    private let parent: Parent
    private let lock = RecursiveLock()

    // Guarded by `lock`. The buffers are used through the producer's closures only (see there).
    private var values: [Queue<SourceElement>]
    private var isDone: [Bool]
    private var numberOfNonEmpty = 0
    private var numberOfDone = 0
    private var stopped = false
    private let subscriptions: [SingleAssignmentDisposable]

    init(parent: Parent, observer: Receiver<Result>) {
        self.parent = parent
        values = [Queue<SourceElement>](repeating: Queue(capacity: 4), count: parent.count)
        isDone = [Bool](repeating: false, count: parent.count)
        subscriptions = (0..<parent.count).map { _ in SingleAssignmentDisposable() }
        super.init(observer: observer)
    }

    /// What an entry point does once it released the lock.
    private enum Teardown {
        case none
        /// The result terminated: dispose every subscription.
        case all
        /// One source completed early: dispose its subscription.
        case source(Int)
    }

    // Events are forwarded under the lock (that serialises the sources); subscriptions are
    // disposed after it, since disposing runs user code. `stopped` keeps anything from being
    // forwarded between a terminal event and that disposal.

    func receiveNext(_ element: SourceElement, at index: Int) {
        let teardown: Teardown = lock.performLocked {
            if stopped { return .none }
            if parent.enqueue(&values, index, element) == 1 {
                numberOfNonEmpty += 1
            }

            guard numberOfNonEmpty == parent.count else {
                // Every other source has completed: the one with an empty buffer never refills.
                if numberOfDone == parent.count - 1 {
                    return stopCompleted()
                }
                return .none
            }

            // The buffers are not in use while the result selector (user code) runs.
            let arguments = parent.dequeueOldest(&values, &numberOfNonEmpty)
            do {
                forwardNext(try parent.resultSelector(arguments))
                return .none
            } catch let error {
                return stopFailed(error)
            }
        }
        tearDown(teardown)
    }

    func receiveError(_ error: Swift.Error, at index: Int) {
        let teardown: Teardown = lock.performLocked {
            if stopped { return .none }
            return stopFailed(error)
        }
        tearDown(teardown)
    }

    func receiveCompleted(at index: Int) {
        let teardown: Teardown = lock.performLocked {
            if stopped || isDone[index] { return .none }
            isDone[index] = true
            numberOfDone += 1
            if numberOfDone == parent.count {
                return stopCompleted()
            }
            return .source(index)
        }
        tearDown(teardown)
    }

    private func tearDown(_ teardown: Teardown) {
        switch teardown {
        case .none: break
        case .all: dispose()
        case .source(let index): subscriptions[index].dispose()
        }
    }

    /// Called under `lock`: forwards the error; the caller disposes.
    private func stopFailed(_ error: Swift.Error) -> Teardown {
        stopped = true
        forwardError(error)
        return .all
    }

    /// Called under `lock`: forwards the completion; the caller disposes.
    private func stopCompleted() -> Teardown {
        stopped = true
        forwardCompleted()
        return .all
    }

    func run() -> Disposable {
        for (index, source) in parent.sources.enumerated() {
            let observer = CollectionSourceObserver(parent: self, index: index)
            subscriptions[index].setDisposable(source.asObservable().subscribeReceiver(observer))
        }

        if parent.count == 0 {
            forwardCompleted()
            dispose()
        }

        return Disposables.create(subscriptions)
    }
}

/// The producer of `zip` over a collection. Buffering an element and taking the oldest ones
/// are closures written by `make`, which the client inlines: there the element type is known,
/// where RxCore's own code would look up the generic metadata of the buffers, arrays and
/// optionals involved, on every element. They capture nothing.
@usableFromInline
final class ZipCollection<Collection: Swift.Collection, Result>: Producer<Result>
where Collection.Element: ObservableConvertibleType {
    @usableFromInline typealias SourceElement = Collection.Element.Element
    @usableFromInline typealias ResultSelector = ([SourceElement]) throws -> Result
    /// Buffers an element of source `index`; returns how many that source now has buffered.
    @usableFromInline typealias Enqueue = (inout [Queue<SourceElement>], Int, SourceElement) -> Int
    /// Takes the oldest element of every source (each has one); sets the second argument to how
    /// many sources still have one.
    @usableFromInline typealias DequeueOldest = (inout [Queue<SourceElement>], inout Int) -> [SourceElement]

    let sources: Collection
    let resultSelector: ResultSelector
    let count: Int
    fileprivate let enqueue: Enqueue
    fileprivate let dequeueOldest: DequeueOldest

    @usableFromInline init(
        sources: Collection,
        resultSelector: @escaping ResultSelector,
        enqueue: @escaping Enqueue,
        dequeueOldest: @escaping DequeueOldest
    ) {
        self.sources = sources
        self.resultSelector = resultSelector
        self.enqueue = enqueue
        self.dequeueOldest = dequeueOldest
        count = sources.count
    }

    @inlinable static func make(sources: Collection, resultSelector: @escaping ResultSelector) -> ZipCollection {
        ZipCollection(
            sources: sources,
            resultSelector: resultSelector,
            enqueue: { values, index, element in
                values[index].enqueue(element)
                return values[index].count
            },
            dequeueOldest: { values, numberOfNonEmpty in
                var arguments: [SourceElement] = []
                arguments.reserveCapacity(values.count)
                numberOfNonEmpty = 0
                for source in values.indices {
                    arguments.append(values[source].dequeue()!)
                    if !values[source].isEmpty { numberOfNonEmpty += 1 }
                }
                return arguments
            }
        )
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = ZipCollectionSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
