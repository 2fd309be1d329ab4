import RxSwift

extension ControlEvent {
    /// The events as a `Signal`. A control event cannot fail; if one does anyway, a debug
    /// build stops (as RxCocoa's does) and a release build ends the Signal empty.
    public func asSignal() -> Signal<Element> {
        asSignal { _ -> Signal<Element> in
            #if DEBUG
            rxCocoaFatalError("Somehow signal received error from a source that shouldn't fail.")
            #else
            return Signal.empty()
            #endif
        }
    }
}
