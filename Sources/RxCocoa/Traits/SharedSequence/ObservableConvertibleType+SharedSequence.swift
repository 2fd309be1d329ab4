import RxSwift

// The generic conversions behind `asDriver(…)` and `asSignal(…)`: deliver on the strategy's
// scheduler, turn the error into the fallback, share by the strategy.
extension ObservableConvertibleType {
    /// A shared sequence that ends with `onErrorJustReturn` (then completes) if this fails.
    public func asSharedSequence<S>(
        sharingStrategy _: S.Type = S.self,
        onErrorJustReturn: Element
    ) -> SharedSequence<S, Element> {
        SharedSequence(asObservable().observe(on: S.scheduler).catchAndReturn(onErrorJustReturn))
    }

    /// A shared sequence that continues with `onErrorDriveWith` if this fails.
    public func asSharedSequence<S>(
        sharingStrategy _: S.Type = S.self,
        onErrorDriveWith: SharedSequence<S, Element>
    ) -> SharedSequence<S, Element> {
        SharedSequence(asObservable().observe(on: S.scheduler).catch { _ in onErrorDriveWith.asObservable() })
    }

    /// A shared sequence that continues with `onErrorRecover(error)` if this fails.
    public func asSharedSequence<S>(
        sharingStrategy _: S.Type = S.self,
        onErrorRecover: @escaping (_ error: Swift.Error) -> SharedSequence<S, Element>
    ) -> SharedSequence<S, Element> {
        SharedSequence(asObservable().observe(on: S.scheduler).catch { error in onErrorRecover(error).asObservable() })
    }
}
