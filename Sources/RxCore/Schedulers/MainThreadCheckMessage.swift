import Foundation

/// The message of a main-thread check made on behalf of an API that requires the main thread
/// (RxCocoa's `drive`), and that API's name, which a traced build's `offMainThread` anomaly
/// gives instead of the check's.
@_spi(RxCocoa)
public struct MainThreadCheckMessage: Sendable {
    public let text: String
    public let api: String

    public init(_ text: String, api: String) {
        self.text = text
        self.api = api
    }
}

extension MainScheduler {
    /// `ensureRunningOnMainThread(errorMessage:)` for an API that requires the main thread: the
    /// same check and the same stop in debug builds (so a crash reads as RxCocoa's: this frame,
    /// then the API's), with the anomaly named after `errorMessage.api`. Same argument label on
    /// purpose: the crash report shows `MainScheduler.ensureRunningOnMainThread(errorMessage:)`.
    @_spi(RxCocoa) @inline(never)
    public static func ensureRunningOnMainThread(errorMessage: MainThreadCheckMessage) {
        if !MainQueue.isCurrentOrMainThread {
            #if TRACE_RESOURCES
            ThreadHops.recordOffMainThread(api: errorMessage.api)
            #endif
            rxFatalErrorInDebug(errorMessage.text)
        }
    }
}
