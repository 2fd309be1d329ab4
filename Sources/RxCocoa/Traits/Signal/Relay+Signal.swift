import RxRelay
import RxSwift

extension PublishRelay {
    /// The relay's later values as a `Signal`.
    public func asSignal() -> Signal<Element> {
        SharedSequence(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}
