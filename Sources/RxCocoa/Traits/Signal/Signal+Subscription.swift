import Foundation
@_spi(RxCocoa) import RxCore
import RxRelay
import RxSwift

// `emit` is `subscribe` that says what it is for, callable from any thread: unlike `drive`,
// RxCocoa does not check the thread here (a Signal replays nothing, so nothing can arrive on the
// subscribing thread; its elements arrive on main). So a traced build records no anomaly for it.
extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Sends every event to each of `observers`.
    @inlinable public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        forward(to: observers)
    }

    /// Sends every element, made optional, to each of `observers`.
    @inlinable public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        forward(to: observers)
    }

    /// Accepts every element into each of `relays`.
    @inlinable public func emit(to relays: BehaviorRelay<Element>...) -> Disposable {
        forward(to: relays) { $0.accept($1) }
    }

    /// Accepts every element, made optional, into each of `relays`.
    @inlinable public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
        forward(to: relays) { $0.accept($1) }
    }

    /// Accepts every element into each of `relays`.
    @inlinable public func emit(to relays: PublishRelay<Element>...) -> Disposable {
        forward(to: relays) { $0.accept($1) }
    }

    /// Accepts every element, made optional, into each of `relays`.
    @inlinable public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
        forward(to: relays) { $0.accept($1) }
    }

    /// Accepts every element into each of `relays`.
    @inlinable public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
        forward(to: relays) { $0.accept($1) }
    }

    /// Accepts every element, made optional, into each of `relays`.
    @inlinable public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
        forward(to: relays) { $0.accept($1) }
    }

    /// Calls the handlers with `object`, held weakly: once it is gone, nothing is called.
    /// A Signal cannot fail, so there is no error handler.
    @inlinable public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Calls the handlers; a Signal cannot fail, so there is no error handler.
    @inlinable public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes with no handler (RxCocoa's spelling of `emit(onNext: nil)`).
    @inlinable public func emit() -> Disposable {
        emit(onNext: nil, onCompleted: nil, onDisposed: nil)
    }
}
