extension ObservableType {
    /// Combines the latest elements of all the sources through `resultSelector` whenever any of
    /// them emits, once each has emitted. An empty collection emits `resultSelector([])` and
    /// completes.
    @inlinable public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        CombineLatestCollection.make(sources: collection, resultSelector: resultSelector)
    }

    /// Combines the latest elements of all the sources into an array whenever any of them emits,
    /// once each has emitted. An empty collection emits `[]` and completes.
    @inlinable public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Observable<[Element]>
    where Collection.Element: ObservableType, Collection.Element.Element == Element {
        CombineLatestCollection.make(sources: collection, resultSelector: { $0 })
    }
}

private final class CombineLatestCollectionSink<Collection: Swift.Collection, Result>: Sink<Never, Receiver<Result>>,
    CollectionSourceParent
where Collection.Element: ObservableConvertibleType {
    typealias SourceElement = Collection.Element.Element
    typealias Parent = CombineLatestCollection<Collection, Result>

    private let parent: Parent
    private let lock = RecursiveLock()

    // Guarded by `lock` (the initialiser aside), and no access spans a call out (`values` is
    // copied for the result selector): no runtime exclusivity check needed.
    @exclusivity(unchecked) private var values: [SourceElement?]
    @exclusivity(unchecked) private var hasValue: [Bool]
    @exclusivity(unchecked) private var isDone: [Bool]
    @exclusivity(unchecked) private var numberOfValues = 0
    @exclusivity(unchecked) private var numberOfDone = 0
    private let subscriptions: [SingleAssignmentDisposable]

    init(parent: Parent, observer: Receiver<Result>) {
        self.parent = parent
        values = [SourceElement?](repeating: nil, count: parent.count)
        hasValue = [Bool](repeating: false, count: parent.count)
        isDone = [Bool](repeating: false, count: parent.count)
        subscriptions = (0..<parent.count).map { _ in SingleAssignmentDisposable() }
        super.init(observer: observer)
    }

    func receiveNext(_ element: SourceElement, at index: Int) {
        lock.performLocked {
            if !hasValue[index] {
                hasValue[index] = true
                numberOfValues += 1
            }
            parent.store(&values, index, element)

            guard numberOfValues == parent.count else {
                // A source that never emitted can no longer be combined once all others ended.
                let othersDone = numberOfDone - (isDone[index] ? 1 : 0)
                if othersDone == parent.count - 1 {
                    forwardCompleted()
                    dispose()
                }
                return
            }
            do {
                forwardNext(try parent.combine(values, parent.resultSelector))
            } catch let error {
                forwardError(error)
                dispose()
            }
        }
    }

    func receiveError(_ error: Swift.Error, at index: Int) {
        lock.performLocked {
            forwardError(error)
            dispose()
        }
    }

    func receiveCompleted(at index: Int) {
        lock.performLocked {
            if isDone[index] { return }
            isDone[index] = true
            numberOfDone += 1
            if numberOfDone == parent.count {
                forwardCompleted()
                dispose()
            } else {
                subscriptions[index].dispose()
            }
        }
    }

    func run() -> Disposable {
        for (index, source) in parent.sources.enumerated() {
            let observer = CollectionSourceObserver(parent: self, index: index)
            subscriptions[index].setDisposable(source.asObservable().subscribeReceiver(observer))
        }

        if parent.count == 0 {
            do {
                forwardNext(try parent.resultSelector([]))
                forwardCompleted()
            } catch let error {
                forwardError(error)
            }
            dispose()
        }

        return Disposables.create(subscriptions)
    }
}

/// The producer of `combineLatest` over a collection. Storing an element among the latest ones
/// and combining them are closures written by `make`, which the client inlines: there the element
/// type is known, where RxCore's own code would look up the generic metadata of the optionals
/// and arrays involved, on every element. They capture nothing.
@usableFromInline
final class CombineLatestCollection<Collection: Swift.Collection, Result>: Producer<Result>
where Collection.Element: ObservableConvertibleType {
    @usableFromInline typealias SourceElement = Collection.Element.Element
    @usableFromInline typealias ResultSelector = ([SourceElement]) throws -> Result
    @usableFromInline typealias Store = (inout [SourceElement?], Int, SourceElement) -> Void
    @usableFromInline typealias Combine = ([SourceElement?], ResultSelector) throws -> Result

    let sources: Collection
    let resultSelector: ResultSelector
    let count: Int
    fileprivate let store: Store
    fileprivate let combine: Combine

    @usableFromInline init(
        sources: Collection,
        resultSelector: @escaping ResultSelector,
        store: @escaping Store,
        combine: @escaping Combine
    ) {
        self.sources = sources
        self.resultSelector = resultSelector
        self.store = store
        self.combine = combine
        count = sources.count
    }

    @inlinable static func make(
        sources: Collection,
        resultSelector: @escaping ResultSelector
    ) -> CombineLatestCollection {
        CombineLatestCollection(
            sources: sources,
            resultSelector: resultSelector,
            store: { values, index, element in values[index] = element },
            combine: { values, resultSelector in try resultSelector(values.map { $0! }) }
        )
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = CombineLatestCollectionSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
