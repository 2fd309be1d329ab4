// RxCocoa's own failure helpers (RxCore's are internal to RxCore). They behave as RxCocoa's:
// a programming error stops a debug build and is printed in release.

func rxCocoaFatalError(
    _ message: @autoclosure () -> String,
    file: StaticString = #file,
    line: UInt = #line
) -> Swift.Never {
    fatalError(message(), file: file, line: line)
}

func rxCocoaFatalErrorInDebug(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    #if DEBUG
    fatalError(message(), file: file, line: line)
    #else
    print("\(file):\(line): \(message())")
    #endif
}

/// An error reached a binding (`ControlProperty.on(.error)`): bindings cannot fail.
func bindingError(_ error: Swift.Error) {
    rxCocoaFatalErrorInDebug("Binding error: \(error)")
}
