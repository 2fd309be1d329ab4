/// A `PublishSubject` that can neither fail nor complete: only `accept`.
public final class PublishRelay<Element>: ObservableType {
    private let subject: PublishSubject<Element>

    public init() {
        subject = PublishSubject()
    }

    /// Sends `event` to the current subscribers.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}

/// A `BehaviorSubject` that can neither fail nor complete: it always has a `value`.
public final class BehaviorRelay<Element>: ObservableType {
    private let subject: BehaviorSubject<Element>

    public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// The current value.
    public var value: Element {
        // A relay's subject never fails and is never disposed, so `value()` cannot throw.
        try! subject.value()
    }

    /// Replaces the value and sends it to the subscribers.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}

/// A `ReplaySubject` that can neither fail nor complete.
public final class ReplayRelay<Element>: ObservableType {
    private let subject: ReplaySubject<Element>

    private init(subject: ReplaySubject<Element>) {
        self.subject = subject
    }

    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    public func asObservable() -> Observable<Element> {
        subject.asObserver().asObservable()
    }

    /// A relay that replays at most `bufferSize` elements.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        ReplayRelay(subject: ReplaySubject.create(bufferSize: bufferSize))
    }

    /// A relay that replays every element (RxRelay's spelling: `createUnbound`, without "ed").
    public static func createUnbound() -> ReplayRelay<Element> {
        ReplayRelay(subject: ReplaySubject.createUnbounded())
    }

    /// RxCore addition, not RxRelay API: the same as `createUnbound()`, spelled like
    /// `ReplaySubject.createUnbounded()`.
    public static func createUnbounded() -> ReplayRelay<Element> {
        ReplayRelay(subject: ReplaySubject.createUnbounded())
    }
}
