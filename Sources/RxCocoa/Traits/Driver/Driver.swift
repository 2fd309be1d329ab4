import RxSwift

/// A shared sequence for UI state: it never fails, delivers on the main thread
/// (`SharingScheduler.make()`, a `MainScheduler`), and shares one subscription to its source
/// with `share(replay: 1, scope: .whileConnected)`: a new observer gets the latest element at
/// once, and the source is released when the last observer goes.
///
/// Call `drive` on the main thread: an element replayed to a subscription made elsewhere is
/// delivered on the subscribing thread.
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

/// `Driver`'s strategy: main-thread delivery, replay of the latest element while connected.
public struct DriverSharingStrategy: SharingStrategyProtocol {
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// `self` as a `Driver`.
    public func asDriver() -> Driver<Element> {
        asSharedSequence()
    }
}
