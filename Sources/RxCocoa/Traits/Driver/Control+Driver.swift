import RxSwift

extension ControlEvent {
    /// The events as a `Driver`.
    public func asDriver() -> Driver<Element> {
        controlValuesAsDriver()
    }
}

extension ControlProperty {
    /// The values as a `Driver`.
    public func asDriver() -> Driver<Element> {
        controlValuesAsDriver()
    }
}

extension ObservableConvertibleType {
    /// A control's values or events cannot fail; if one does anyway, a debug build stops (as
    /// RxCocoa's does) and a release build ends the Driver empty.
    fileprivate func controlValuesAsDriver() -> Driver<Element> {
        asDriver { _ -> Driver<Element> in
            #if DEBUG
            rxCocoaFatalError("Somehow driver received error from a source that shouldn't fail.")
            #else
            return Driver.empty()
            #endif
        }
    }
}
