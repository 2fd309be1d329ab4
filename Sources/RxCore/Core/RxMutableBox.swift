/// A mutable reference to a value. Internal, as in RxSwift, whose own tests reach it through
/// `@testable import` (BagTest keeps a `Bag` in one, SubjectConcurrencyTest an observer), so
/// the same name and shape let such tests compile against `@testable import RxCore`.
/// (RxSwift's is an `NSObject` subclass off Darwin so that it fits in `Thread.threadDictionary`;
/// RxCore stores nothing there, so a plain class does.)
final class RxMutableBox<T>: CustomDebugStringConvertible {
    /// The wrapped value.
    var value: T

    /// Wraps `value`.
    init(_ value: T) {
        self.value = value
    }

    var debugDescription: String {
        "MutatingBox(\(value))"
    }
}
