import RxSwift

extension ObservableConvertibleType {
    /// A `Signal` of this sequence that sends `onErrorJustReturn` and completes if it fails.
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        asSharedSequence(onErrorJustReturn: onErrorJustReturn)
    }

    /// A `Signal` of this sequence that continues with `onErrorSignalWith` if it fails.
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        asSharedSequence(onErrorDriveWith: onErrorSignalWith)
    }

    /// A `Signal` of this sequence that continues with `onErrorRecover(error)` if it fails.
    public func asSignal(onErrorRecover: @escaping (_ error: Swift.Error) -> Signal<Element>) -> Signal<Element> {
        asSharedSequence(onErrorRecover: onErrorRecover)
    }
}
