import RxCore

// Trait events compare like `Event`: same case, equal elements, and errors equal by domain, code
// and description. `SingleEvent` is `Result<Element, Error>`, which cannot gain a second
// `Equatable` conformance, so it is compared through `singleEventsAreEqual` instead.

extension MaybeEvent: Equatable where Element: Equatable {
    public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case let (.error(e1), .error(e2)): return errorsAreEqual(e1, e2)
        case let (.success(v1), .success(v2)): return v1 == v2
        default: return false
        }
    }
}

extension CompletableEvent: Equatable {
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case let (.error(e1), .error(e2)): return errorsAreEqual(e1, e2)
        default: return false
        }
    }
}

func singleEventsAreEqual<Element: Equatable>(_ lhs: SingleEvent<Element>, _ rhs: SingleEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case let (.success(v1), .success(v2)): return v1 == v2
    case let (.failure(e1), .failure(e2)): return errorsAreEqual(e1, e2)
    default: return false
    }
}
