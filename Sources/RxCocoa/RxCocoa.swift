// RxCocoa's platform-independent half: SharedSequence (Driver, Signal), ControlProperty and
// ControlEvent, and the Foundation extensions (NotificationCenter, URLSession). UIKit/AppKit
// extensions, KVO and delegate proxies need the Objective-C runtime and stay out.
//
// As in RxCocoa, importing RxCocoa brings RxRelay with it; here RxRelay re-exports RxCore, so
// `import RxCocoa` alone also sees `Observable`.
@_exported import RxRelay
import RxSwift

/// Errors RxCocoa reports. Only `unknown`, `invalidOperation` and `castingError` can arise
/// off Apple platforms; the other cases exist so that code switching over them compiles.
public enum RxCocoaError: Swift.Error, CustomDebugStringConvertible {
    /// Unknown error.
    case unknown
    /// An operation was attempted on `object` that it does not support.
    case invalidOperation(object: Any)
    /// Items are not yet bound to the user interface of `object`.
    case itemsNotYetBound(object: Any)
    /// `object` has no property named `propertyName`.
    case invalidPropertyName(object: Any, propertyName: String)
    /// `object`, found on `propertyName` of `sourceObject`, cannot be observed.
    case invalidObjectOnKeyPath(object: Any, sourceObject: AnyObject, propertyName: String)
    /// Method swizzling failed.
    case errorDuringSwizzling
    /// `object` could not be cast to `targetType`.
    case castingError(object: Any, targetType: Any.Type)

    public var debugDescription: String {
        switch self {
        case .unknown:
            return "Unknown error occurred."
        case let .invalidOperation(object):
            return "Invalid operation was attempted on `\(object)`."
        case let .itemsNotYetBound(object):
            return "Data source is set, but items are not yet bound to user interface for `\(object)`."
        case let .invalidPropertyName(object, propertyName):
            return "Object `\(object)` doesn't have a property named `\(propertyName)`."
        case let .invalidObjectOnKeyPath(object, sourceObject, propertyName):
            return "Unobservable object `\(object)` was observed as `\(propertyName)` of `\(sourceObject)`."
        case .errorDuringSwizzling:
            return "Error during swizzling."
        case let .castingError(object, targetType):
            return "Error casting `\(object)` to `\(targetType)`"
        }
    }
}
