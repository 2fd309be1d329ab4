import Foundation
import RxCore

/// Events compare equal when they are the same case with equal elements. Errors compare by
/// their domain, code and description, since `Error` itself is not `Equatable`.
extension Event: Equatable where Element: Equatable {
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case let (.error(e1), .error(e2)): return errorsAreEqual(e1, e2)
        case let (.next(v1), .next(v2)): return v1 == v2
        default: return false
        }
    }
}

func errorsAreEqual(_ lhs: Swift.Error, _ rhs: Swift.Error) -> Bool {
    #if os(Linux)
    // RxTest compares only the descriptions on Linux, where NSError bridging of Swift errors
    // differs from Darwin.
    return "\(lhs)" == "\(rhs)"
    #else
    let error1 = lhs as NSError
    let error2 = rhs as NSError
    return error1.domain == error2.domain
        && error1.code == error2.code
        && "\(lhs)" == "\(rhs)"
    #endif
}
