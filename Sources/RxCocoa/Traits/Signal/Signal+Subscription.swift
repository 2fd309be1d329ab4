import Foundation
@_spi(RxCocoa) import RxCore
import RxRelay
import RxSwift

/// A traced build records an `emit` made off the main thread (neither on the main queue nor on the
/// main thread: `MainQueue`) as an `offMainThread` anomaly naming the overload called, at the
/// caller's line; nothing stops, as in RxCocoa. Inlined into `emit`, itself inlined in the client,
/// so `#function` names the overload there, and an untraced build keeps nothing of it.
@inlinable @inline(__always)
func noteEmitOffMainThread(api: String = #function) {
    #if TRACE_RESOURCES
    recordEmitOffMainThread(api: api)
    #endif
}

#if TRACE_RESOURCES
/// The check behind `noteEmitOffMainThread`, out of line: `MainQueue` and `ThreadHops` are SPI,
/// which an `@inlinable` function cannot name.
@usableFromInline @inline(never)
func recordEmitOffMainThread(api: String) {
    // `MainQueue.isCurrentOrMainThread`, the main thread asked first (as `drive`'s check does).
    if !(Thread.isMainThread || MainQueue.isCurrent) {
        ThreadHops.recordOffMainThread(api: api)
    }
}
#endif

// `emit` is `subscribe` that says what it is for. Unlike `drive`, RxCocoa does not check the
// thread here (a Signal replays nothing, so nothing can arrive on the subscribing thread). The
// subscription itself still happens on the calling thread (the upstream's subscribe side effects,
// the Disposable handed back while elements already arrive on main), so under tracing an
// off-main `emit` is an anomaly, as an off-main `drive` is.
extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Sends every event to each of `observers`.
    @inlinable public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        noteEmitOffMainThread()
        return forward(to: observers)
    }

    /// Sends every element, made optional, to each of `observers`.
    @inlinable public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        noteEmitOffMainThread()
        return forward(to: observers)
    }

    /// Accepts every element into each of `relays`.
    @inlinable public func emit(to relays: BehaviorRelay<Element>...) -> Disposable {
        noteEmitOffMainThread()
        return forward(to: relays) { $0.accept($1) }
    }

    /// Accepts every element, made optional, into each of `relays`.
    @inlinable public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
        noteEmitOffMainThread()
        return forward(to: relays) { $0.accept($1) }
    }

    /// Accepts every element into each of `relays`.
    @inlinable public func emit(to relays: PublishRelay<Element>...) -> Disposable {
        noteEmitOffMainThread()
        return forward(to: relays) { $0.accept($1) }
    }

    /// Accepts every element, made optional, into each of `relays`.
    @inlinable public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
        noteEmitOffMainThread()
        return forward(to: relays) { $0.accept($1) }
    }

    /// Accepts every element into each of `relays`.
    @inlinable public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
        noteEmitOffMainThread()
        return forward(to: relays) { $0.accept($1) }
    }

    /// Accepts every element, made optional, into each of `relays`.
    @inlinable public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
        noteEmitOffMainThread()
        return forward(to: relays) { $0.accept($1) }
    }

    /// Calls the handlers with `object`, held weakly: once it is gone, nothing is called.
    /// A Signal cannot fail, so there is no error handler.
    @inlinable public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        noteEmitOffMainThread()
        return asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Calls the handlers; a Signal cannot fail, so there is no error handler.
    @inlinable public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        noteEmitOffMainThread()
        return asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes with no handler (RxCocoa's spelling of `emit(onNext: nil)`).
    @inlinable public func emit() -> Disposable {
        emit(onNext: nil, onCompleted: nil, onDisposed: nil)
    }
}
