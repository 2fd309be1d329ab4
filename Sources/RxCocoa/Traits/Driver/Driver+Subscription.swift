import Foundation
@_spi(RxCocoa) import RxCore
import RxRelay
import RxSwift

/// What `drive` hands its main-thread check: the overload called
/// (`drive(onNext:onCompleted:onDisposed:)`), which a traced build's `offMainThread` anomaly names.
/// Made by the inlined `drive` in the client, where `#function` is still that overload's name.
@usableFromInline
struct DriveOffMainThreadMessage {
    let api: String

    @usableFromInline init(api: String = #function) {
        self.api = api
    }
}

extension MainScheduler {
    /// `drive`'s main-thread check with RxCocoa's message. It is RxCocoa's own because RxCore's
    /// (which takes an SPI message type) cannot be named by an `@inlinable` function; it makes the
    /// same check and the same stop in debug builds. Never inlined, and called by `drive` itself
    /// under the name RxCocoa's crash reports show, so a stop reads as RxCocoa's: this frame, then
    /// the overload's, then the user's line.
    @usableFromInline @inline(never)
    static func ensureRunningOnMainThread(errorMessage: DriveOffMainThreadMessage) {
        // `MainQueue.isCurrentOrMainThread`, the main thread asked first: that is where `drive`
        // is called, and the question costs a fraction of the queue-specific look-up.
        if !(Thread.isMainThread || MainQueue.isCurrent) {
            #if TRACE_RESOURCES
            ThreadHops.recordOffMainThread(api: errorMessage.api)
            #endif
            rxCocoaFatalErrorInDebug(
                """
                `drive*` family of methods can be only called from `MainThread`.
                This is required to ensure that the last replayed `Driver` element is delivered on `MainThread`.

                """
            )
        }
    }
}

// `drive` is `subscribe` that says what it is for, and insists on the main thread (a debug
// build stops when called elsewhere, as RxCocoa's does): the element a Driver replays to a new
// subscriber is delivered on the subscribing thread. The main queue counts as main whichever
// thread serves it (Swift Testing's `@MainActor` tests on Linux), as in RxSwift, which compiles
// the check out on Linux: only a background queue or thread stops (docs/main-scheduler.md).
extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Sends every event to each of `observers`. Main thread only.
    @inlinable public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
    where Observer.Element == Element {
        MainScheduler.ensureRunningOnMainThread(errorMessage: DriveOffMainThreadMessage())
        return forward(to: observers)
    }

    /// Sends every element, made optional, to each of `observers`. Main thread only.
    @inlinable public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        MainScheduler.ensureRunningOnMainThread(errorMessage: DriveOffMainThreadMessage())
        return forward(to: observers)
    }

    /// Accepts every element into each of `relays`. Main thread only.
    @inlinable public func drive(_ relays: BehaviorRelay<Element>...) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: DriveOffMainThreadMessage())
        return forward(to: relays) { $0.accept($1) }
    }

    /// Accepts every element, made optional, into each of `relays`. Main thread only.
    @inlinable public func drive(_ relays: BehaviorRelay<Element?>...) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: DriveOffMainThreadMessage())
        return forward(to: relays) { $0.accept($1) }
    }

    /// Accepts every element into each of `relays`. Main thread only.
    @inlinable public func drive(_ relays: ReplayRelay<Element>...) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: DriveOffMainThreadMessage())
        return forward(to: relays) { $0.accept($1) }
    }

    /// Accepts every element, made optional, into each of `relays`. Main thread only.
    @inlinable public func drive(_ relays: ReplayRelay<Element?>...) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: DriveOffMainThreadMessage())
        return forward(to: relays) { $0.accept($1) }
    }

    /// Calls `transformation` with the sequence as an `Observable`. Main thread only.
    @inlinable public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        MainScheduler.ensureRunningOnMainThread(errorMessage: DriveOffMainThreadMessage())
        return transformation(asObservable())
    }

    /// Calls the curried `with` with the sequence as an `Observable`, then with
    /// `curriedArgument`. Main thread only.
    @inlinable public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        MainScheduler.ensureRunningOnMainThread(errorMessage: DriveOffMainThreadMessage())
        return with(asObservable())(curriedArgument)
    }

    /// Calls the handlers with `object`, held weakly: once it is gone, nothing is called.
    /// A Driver cannot fail, so there is no error handler. Main thread only.
    @inlinable public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: DriveOffMainThreadMessage())
        return asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Calls the handlers; a Driver cannot fail, so there is no error handler. Main thread only.
    @inlinable public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: DriveOffMainThreadMessage())
        return asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes with no handler (RxCocoa's spelling of `drive(onNext: nil)`). Main thread only.
    @inlinable public func drive() -> Disposable {
        drive(onNext: nil, onCompleted: nil, onDisposed: nil)
    }
}
