extension ObservableType {
    /// Combines the sources' elements by index (the first of each, then the second of each…)
    /// through `resultSelector`. Completes once every source completed, or as soon as a source
    /// emits while all the others have completed and one of them has nothing left to pair with.
    /// An empty collection completes at once.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        ZipCollection(sources: collection, resultSelector: resultSelector)
    }

    /// Combines the sources' elements by index into arrays. An empty collection completes at once.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
    where Collection.Element: ObservableType, Collection.Element.Element == Element {
        ZipCollection(sources: collection, resultSelector: { $0 })
    }
}

private final class ZipCollectionSink<Collection: Swift.Collection, Result>: Sink<Never, Receiver<Result>>,
    CollectionSourceParent
where Collection.Element: ObservableConvertibleType {
    typealias SourceElement = Collection.Element.Element
    typealias Parent = ZipCollection<Collection, Result>

    private let parent: Parent
    private let lock = RecursiveLock()

    // Guarded by `lock`.
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
            values[index].enqueue(element)
            if values[index].count == 1 {
                numberOfNonEmpty += 1
            }

            guard numberOfNonEmpty == parent.count else {
                // Every other source has completed: the one with an empty buffer never refills.
                if numberOfDone == parent.count - 1 {
                    return stopCompleted()
                }
                return .none
            }

            var arguments: [SourceElement] = []
            arguments.reserveCapacity(parent.count)
            numberOfNonEmpty = 0
            for source in values.indices {
                arguments.append(values[source].dequeue()!)
                if !values[source].isEmpty {
                    numberOfNonEmpty += 1
                }
            }
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

private final class ZipCollection<Collection: Swift.Collection, Result>: Producer<Result>
where Collection.Element: ObservableConvertibleType {
    typealias ResultSelector = ([Collection.Element.Element]) throws -> Result

    let sources: Collection
    let resultSelector: ResultSelector
    let count: Int

    init(sources: Collection, resultSelector: @escaping ResultSelector) {
        self.sources = sources
        self.resultSelector = resultSelector
        count = sources.count
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = ZipCollectionSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
