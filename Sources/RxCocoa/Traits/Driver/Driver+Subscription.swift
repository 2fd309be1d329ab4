@_spi(RxCocoa) import RxCore
import RxRelay
import RxSwift

/// RxCocoa's message, and the overload called (`drive(onNext:onCompleted:onDisposed:)`), which a
/// traced build's `offMainThread` anomaly names.
private func driveOffMainThreadMessage(api: String = #function) -> MainThreadCheckMessage {
    MainThreadCheckMessage(
        """
        `drive*` family of methods can be only called from `MainThread`.
        This is required to ensure that the last replayed `Driver` element is delivered on `MainThread`.

        """,
        api: api
    )
}

// `drive` is `subscribe` that says what it is for, and insists on the main thread (a debug
// build stops when called elsewhere, as RxCocoa's does): the element a Driver replays to a new
// subscriber is delivered on the subscribing thread. The main queue counts as main whichever
// thread serves it (Swift Testing's `@MainActor` tests on Linux), as in RxSwift, which compiles
// the check out on Linux: only a background queue or thread stops (docs/main-scheduler.md).
extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Sends every event to each of `observers`. Main thread only.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
    where Observer.Element == Element {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage())
        return forward(to: observers)
    }

    /// Sends every element, made optional, to each of `observers`. Main thread only.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage())
        return forward(to: observers)
    }

    /// Accepts every element into each of `relays`. Main thread only.
    public func drive(_ relays: BehaviorRelay<Element>...) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage())
        return forward(accepting: relays.map { $0.accept })
    }

    /// Accepts every element, made optional, into each of `relays`. Main thread only.
    public func drive(_ relays: BehaviorRelay<Element?>...) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage())
        return forward(accepting: relays.map { relay in { relay.accept($0) } })
    }

    /// Accepts every element into each of `relays`. Main thread only.
    public func drive(_ relays: ReplayRelay<Element>...) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage())
        return forward(accepting: relays.map { $0.accept })
    }

    /// Accepts every element, made optional, into each of `relays`. Main thread only.
    public func drive(_ relays: ReplayRelay<Element?>...) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage())
        return forward(accepting: relays.map { relay in { relay.accept($0) } })
    }

    /// Calls `transformation` with the sequence as an `Observable`. Main thread only.
    public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage())
        return transformation(asObservable())
    }

    /// Calls the curried `with` with the sequence as an `Observable`, then with
    /// `curriedArgument`. Main thread only.
    public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage())
        return with(asObservable())(curriedArgument)
    }

    /// Calls the handlers with `object`, held weakly: once it is gone, nothing is called.
    /// A Driver cannot fail, so there is no error handler. Main thread only.
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage())
        return asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Calls the handlers; a Driver cannot fail, so there is no error handler. Main thread only.
    public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage())
        return asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes with no handler (RxCocoa's spelling of `drive(onNext: nil)`). Main thread only.
    public func drive() -> Disposable {
        drive(onNext: nil, onCompleted: nil, onDisposed: nil)
    }
}
