import RxSwift

extension ObservableConvertibleType {
    /// A `Driver` of this sequence that sends `onErrorJustReturn` and completes if it fails.
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        asSharedSequence(onErrorJustReturn: onErrorJustReturn)
    }

    /// A `Driver` of this sequence that continues with `onErrorDriveWith` if it fails.
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        asSharedSequence(onErrorDriveWith: onErrorDriveWith)
    }

    /// A `Driver` of this sequence that continues with `onErrorRecover(error)` if it fails.
    public func asDriver(onErrorRecover: @escaping (_ error: Swift.Error) -> Driver<Element>) -> Driver<Element> {
        asSharedSequence(onErrorRecover: onErrorRecover)
    }
}
