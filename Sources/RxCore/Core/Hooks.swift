import Foundation

/// Global customisation points, as in RxSwift.
public enum Hooks {
    public typealias DefaultErrorHandler = (_ subscriptionCallStack: [String], _ error: Error) -> Void
    public typealias CustomCaptureSubscriptionCallstack = () -> [String]

    private static let lock = NSRecursiveLock()
    private static var _defaultErrorHandler: DefaultErrorHandler = { subscriptionCallStack, error in
        #if DEBUG
        let stack = subscriptionCallStack.joined(separator: "\n")
        print("Unhandled error happened: \(error)")
        if !stack.isEmpty {
            print("subscription called from:\n\(stack)")
        }
        #endif
    }
    private static var _customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack = {
        #if DEBUG
        return Thread.callStackSymbols
        #else
        return []
        #endif
    }

    /// Called for an error that reaches a `subscribe(onNext:...)` without an `onError` handler.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get {
            lock.lock()
            defer { lock.unlock() }
            return _defaultErrorHandler
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            _defaultErrorHandler = newValue
        }
    }

    /// Captures the call stack of a subscription, for `defaultErrorHandler`.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get {
            lock.lock()
            defer { lock.unlock() }
            return _customCaptureSubscriptionCallstack
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            _customCaptureSubscriptionCallstack = newValue
        }
    }

    /// Whether `subscribe(onNext:...)` records its call stack for `defaultErrorHandler`.
    public static var recordCallStackOnError: Bool = false
}
