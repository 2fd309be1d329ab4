import Foundation

// Deprecated spellings RxSwift 6 still ships in its Deprecated.swift, kept so code (and tests)
// written against RxSwift compile unchanged. Each forwards to its replacement.

extension Observable {
    /// An optional as a sequence of zero or one element.
    @available(
        *,
        deprecated,
        message:
            "Implicit conversions from any type to optional type are allowed and that is causing issues with `from` operator overloading.",
        renamed: "from(optional:)"
    )
    public static func from(_ optional: Element?) -> Observable<Element> {
        Observable.from(optional: optional)
    }

    /// An optional as a sequence of zero or one element, delivered on `scheduler`.
    @available(
        *,
        deprecated,
        message:
            "Implicit conversions from any type to optional type are allowed and that is causing issues with `from` operator overloading.",
        renamed: "from(optional:scheduler:)"
    )
    public static func from(_ optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        Observable.from(optional: optional, scheduler: scheduler)
    }
}

extension ObservableType {
    /// `skip(while:)` whose predicate also receives the element's index.
    @available(*, deprecated, message: "Please use enumerated().skip(while:).map()")
    public func skipWhileWithIndex(_ predicate: @escaping (Element, Int) throws -> Bool) -> Observable<Element> {
        enumerated().skip(while: { try predicate($0.element, $0.index) }).map { $0.element }
    }

    /// `take(while:)` whose predicate also receives the element's index.
    @available(*, deprecated, message: "Please use enumerated().take(while:).map()")
    public func takeWhileWithIndex(_ predicate: @escaping (Element, Int) throws -> Bool) -> Observable<Element> {
        enumerated().take(while: { try predicate($0.element, $0.index) }).map { $0.element }
    }

    /// `share(replay: 1)` (scope `.whileConnected`).
    @available(*, deprecated, message: "use share(replay: 1) instead", renamed: "share(replay:)")
    public func shareReplayLatestWhileConnected() -> Observable<Element> {
        share(replay: 1, scope: .whileConnected)
    }

    /// The RxSwift 3 `shareReplay`: a replay buffer that outlives its subscribers.
    @available(
        *,
        deprecated,
        message:
            "Suggested replacement is `share(replay: 1)`. In case old 3.x behavior of `shareReplay` is required please use `share(replay: 1, scope: .forever)` instead.",
        renamed: "share(replay:)"
    )
    public func shareReplay(_ bufferSize: Int) -> Observable<Element> {
        share(replay: bufferSize, scope: .forever)
    }
}

extension Disposable {
    /// Adds `self` to `bag`.
    @available(*, deprecated, message: "use disposed(by:) instead", renamed: "disposed(by:)")
    public func addDisposableTo(_ bag: DisposeBag) {
        disposed(by: bag)
    }
}

/// A `BehaviorSubject` wrapper that cannot fail and completes its sequence when it is
/// deallocated. Replaced by `BehaviorRelay`.
@available(*, deprecated, message: "Variable is deprecated. Please use `BehaviorRelay` as a replacement.")
public final class Variable<Element> {
    private let subject: BehaviorSubject<Element>
    private let lock = SpinLock()
    private var storedValue: Element

    #if DEBUG
    private let synchronizationTracker = SynchronizationTracker()
    #endif

    /// The current value. Setting it sends the new value to the subscribers, even when equal
    /// to the old one.
    public var value: Element {
        get {
            lock.performLocked { storedValue }
        }
        set {
            #if DEBUG
            synchronizationTracker.register(synchronizationErrorMessage: .variable)
            defer { synchronizationTracker.unregister() }
            #endif
            lock.performLocked { storedValue = newValue }
            subject.on(.next(newValue))
        }
    }

    /// A variable holding `value`.
    public init(_ value: Element) {
        storedValue = value
        subject = BehaviorSubject(value: value)
    }

    /// The current value followed by every later one; completes when the variable is gone.
    public func asObservable() -> Observable<Element> {
        subject
    }

    deinit {
        subject.on(.completed)
    }
}
