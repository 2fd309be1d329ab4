import Dispatch
import Foundation

/// Where RxCore decides "main": by the main dispatch queue, as RxSwift's MainScheduler does, not
/// by the main thread. The two differ on Linux, where Swift Testing runs a `@MainActor` test, and
/// an async `main` its main-actor code after its first suspension, on the main queue served by a
/// libdispatch worker thread (`Thread.isMainThread` is false there), and on every platform while
/// the main thread runs another queue's block (`otherQueue.sync { … }`). docs/main-scheduler.md lists which
/// decision uses which question.
@_spi(RxCocoa)
public enum MainQueue {
    /// Set on `DispatchQueue.main` once, the first time it is needed, and on no other queue.
    private static let key: DispatchSpecificKey<Void> = {
        let key = DispatchSpecificKey<Void>()
        DispatchQueue.main.setSpecific(key: key, value: ())
        return key
    }()

    /// Whether the calling code runs as the main queue's work: a block on `DispatchQueue.main`
    /// or on a queue that targets it (whichever thread serves it), or the main thread outside
    /// any queue's block (libdispatch binds the main thread to the main queue). RxSwift's
    /// `DispatchQueue.isMain`: what MainScheduler and ConcurrentMainScheduler run at once, and
    /// what `ensureExecutingOnScheduler()` accepts.
    public static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) != nil
    }

    /// What the checks that require main accept (`ensureRunningOnMainThread`, RxCocoa's `drive`,
    /// `requireMainThread()`): the main queue, whichever
    /// thread serves it, or the main thread (RxSwift checks the thread on Apple platforms; there
    /// the main queue only runs on the main thread). The main thread inside another queue's block
    /// passes: no main-queue work can run beside it. Everywhere else (a background queue or
    /// thread) they stop a debug build or record an `offMainThread` anomaly.
    public static var isCurrentOrMainThread: Bool {
        isCurrent || Thread.isMainThread
    }
}
