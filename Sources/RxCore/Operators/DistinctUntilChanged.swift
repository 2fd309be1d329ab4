extension ObservableType where Element: Equatable {
    /// Drops each element equal (`==`) to the element forwarded just before it.
    ///
    /// Every spelling of `distinctUntilChanged` is `@inlinable` and forwards to the one that makes
    /// the producer: the client specialises it, so the closures written here capture nothing and
    /// the producer's and sink's metadata are cached there (a public, unspecialised forwarder
    /// would cost every plain spelling extra instructions and allocations per subscription).
    @inlinable public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: { $0 == $1 })
    }
}

extension ObservableType {
    /// Drops each element whose key equals the key of the element forwarded just before it.
    @inlinable public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) throws -> Key
    ) -> Observable<Element> {
        distinctUntilChanged(keySelector, comparer: { $0 == $1 })
    }

    /// Drops each element that `comparer` says equals the element forwarded just before it.
    @inlinable public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) throws -> Bool
    ) -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: comparer)
    }

    /// Drops each element whose key `comparer` says equals the last forwarded element's key.
    /// A throwing selector or comparer ends the sequence with its error.
    @inlinable public func distinctUntilChanged<K>(
        _ keySelector: @escaping (Element) throws -> K,
        comparer: @escaping (K, K) throws -> Bool
    ) -> Observable<Element> {
        // The client makes the sink and caches its metadata (see `map`), and decides about each
        // element: it knows `K`, where the sink's own code would look up `Optional<K>`'s generic
        // metadata on every element to read and write the last key. Neither closure captures
        // anything.
        DistinctUntilChanged(
            source: asObservable(),
            selector: keySelector,
            comparer: comparer,
            isRepeat: { parent, lastKey, element in
                let key = try parent.selector(element)
                if let lastKey, try parent.comparer(lastKey, key) { return true }
                lastKey = key
                return false
            },
            subscribeSink: { parent, observer in
                let sink = DistinctUntilChangedSink(parent: parent, observer: observer)
                return sink.disposer(owning: parent.source.subscribeReceiver(sink)) ?? sink
            }
        )
    }

    /// Drops each element whose value at `keyPath` equals that of the element forwarded before it.
    @inlinable public func distinctUntilChanged<Property: Equatable>(
        at keyPath: KeyPath<Element, Property>
    ) -> Observable<Element> {
        distinctUntilChanged { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
    }
}

@usableFromInline
final class DistinctUntilChangedSink<Element, Key>: ElementSink<Element, Element> {
    @usableFromInline typealias Parent = DistinctUntilChanged<Element, Key>

    private let parent: Parent
    /// The key of the last forwarded element; nil until the first one. Read and written only in
    /// `receiveNext`, which the observer grammar serialises (debug builds report overlapping
    /// calls): the runtime's exclusivity check would only cost two calls per element.
    @exclusivity(unchecked) private var lastKey: Key?

    @usableFromInline init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    override func receiveNext(_ element: Element) {
        do {
            if try parent.isRepeat(parent, &lastKey, element) { return }
            forwardNext(element)
        } catch let error {
            forwardError(error)
            dispose()
        }
    }
}

@usableFromInline
final class DistinctUntilChanged<Element, Key>: Producer<Element> {
    @usableFromInline typealias KeySelector = (Element) throws -> Key
    @usableFromInline typealias EqualityComparer = (Key, Key) throws -> Bool
    /// Whether an element's key repeats the last forwarded key (updating it when not): written
    /// by `distinctUntilChanged` in the client (see there).
    @usableFromInline typealias IsRepeat = (DistinctUntilChanged, inout Key?, Element) throws -> Bool

    /// Subscribes `observer` through a new sink: written by `distinctUntilChanged` in the
    /// client (see `map`).
    @usableFromInline typealias Run = (DistinctUntilChanged, Receiver<Element>) -> Disposable

    @usableFromInline let source: Observable<Element>
    @usableFromInline let selector: KeySelector
    @usableFromInline let comparer: EqualityComparer
    fileprivate let isRepeat: IsRepeat
    private let subscribeSink: Run

    @usableFromInline init(
        source: Observable<Element>,
        selector: @escaping KeySelector,
        comparer: @escaping EqualityComparer,
        isRepeat: @escaping IsRepeat,
        subscribeSink: @escaping Run
    ) {
        self.source = source
        self.selector = selector
        self.comparer = comparer
        self.isRepeat = isRepeat
        self.subscribeSink = subscribeSink
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        subscribeSink(self, observer)
    }
}
