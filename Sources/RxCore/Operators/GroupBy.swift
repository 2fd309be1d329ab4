/// The elements of a sequence that share one key, as emitted by `groupBy`.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key every element of this group shares.
    public let key: Key

    private let source: Observable<Element>

    /// A group with the given key whose elements come from `source`.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        source.subscribe(observer)
    }

    public func asObservable() -> Observable<Element> {
        source
    }
}

extension ObservableType {
    /// Splits the sequence into groups by `keySelector`: a new `GroupedObservable` is emitted
    /// the first time a key is seen, and every element goes to its key's group. Terminal
    /// events go to every group and then to the outer sequence. The source stays subscribed
    /// while any group is still observed, even after the outer subscription was disposed.
    public func groupBy<Key: Hashable>(
        keySelector: @escaping (Element) throws -> Key
    ) -> Observable<GroupedObservable<Key, Element>> {
        GroupBy(source: asObservable(), keySelector: keySelector)
    }
}

/// The observable behind one group: subscribing to it holds a reference on the shared source
/// subscription until that subscription is disposed.
private final class GroupObservable<Element>: Observable<Element> {
    private let subject: PublishSubject<Element>
    private let refCount: RefCountDisposable

    init(subject: PublishSubject<Element>, refCount: RefCountDisposable) {
        self.subject = subject
        self.refCount = refCount
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let release = refCount.retain()
        let subscription = subject.subscribe(observer)
        return Disposables.create(release, subscription)
    }
}

private final class GroupBySink<Key: Hashable, SourceType>: Sink<
    SourceType, Receiver<GroupedObservable<Key, SourceType>>
>
{
    typealias Parent = GroupBy<Key, SourceType>

    private let parent: Parent
    private let subscription = SingleAssignmentDisposable()
    private var refCount: RefCountDisposable!
    private var groups = [Key: PublishSubject<SourceType>]()

    init(parent: Parent, observer: Receiver<GroupedObservable<Key, SourceType>>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        refCount = RefCountDisposable(disposable: subscription)
        subscription.setDisposable(parent.source.subscribeReceiver(self))
        return refCount
    }

    override func receiveNext(_ element: SourceType) {
        let key: Key
        do {
            key = try parent.keySelector(element)
        } catch let error {
            fail(error)
            return
        }
        deliver(element, to: key)
    }

    override func receiveError(_ error: Swift.Error) {
        fail(error)
    }

    override func receiveCompleted() {
        for group in groups.values {
            group.onCompleted()
        }
        forwardCompleted()
        subscription.dispose()
        dispose()
    }

    private func deliver(_ element: SourceType, to key: Key) {
        if let group = groups[key] {
            group.onNext(element)
            return
        }
        let group = PublishSubject<SourceType>()
        groups[key] = group
        // The group is announced before its first element, so a subscriber that subscribes to
        // it from `onNext` sees that element. Groups still subscribed keep the source running
        // after the outer subscription is disposed; a group that appears then has no one to be
        // announced to (RxSwift drops it too), which is no event after dispose.
        if !isDisposed {
            forwardNext(GroupedObservable(key: key, source: GroupObservable(subject: group, refCount: refCount)))
        }
        group.onNext(element)
    }

    private func fail(_ error: Swift.Error) {
        for group in groups.values {
            group.onError(error)
        }
        forwardError(error)
        subscription.dispose()
        dispose()
    }
}

private final class GroupBy<Key: Hashable, SourceType>: Producer<GroupedObservable<Key, SourceType>> {
    typealias KeySelector = (SourceType) throws -> Key

    fileprivate let source: Observable<SourceType>
    fileprivate let keySelector: KeySelector

    init(source: Observable<SourceType>, keySelector: @escaping KeySelector) {
        self.source = source
        self.keySelector = keySelector
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = GroupBySink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
