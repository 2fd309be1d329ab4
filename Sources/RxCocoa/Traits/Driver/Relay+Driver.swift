import RxRelay
import RxSwift

extension BehaviorRelay {
    /// The relay's current value and every later one, as a `Driver`.
    public func asDriver() -> Driver<Element> {
        SharedSequence(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}

extension InfallibleType {
    /// The sequence as a `Driver` (it cannot fail, so no fallback is needed).
    public func asDriver() -> Driver<Element> {
        SharedSequence(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}
