import RxSwift

/// A shared sequence for UI events: it never fails, delivers on the main thread
/// (`SharingScheduler.make()`, a `MainScheduler`), and shares one subscription to its source
/// with `share(scope: .whileConnected)`, without replay: an observer sees only what happens
/// after it subscribed.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

/// `Signal`'s strategy: main-thread delivery, no replay.
public struct SignalSharingStrategy: SharingStrategyProtocol {
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// `self` as a `Signal`.
    public func asSignal() -> Signal<Element> {
        asSharedSequence()
    }
}
