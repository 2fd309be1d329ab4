import Foundation

/// The breaches of the Rx contract between threads that RxCore can see. Traced builds record
/// each one for rxtrace's thread report; debug builds print the first two, as RxSwift does.
public enum ThreadAnomalyKind: String, CaseIterable, Sendable, Codable {
    /// 1. Overlapping `on` calls into one observer: from two threads, or re-entrantly.
    case overlappingOn
    /// 2. An event sent into an observer after its terminal event (`create`'s observer, a subject
    ///    after `onCompleted`).
    case eventAfterTerminal
    /// 3. An event sent to a subscription after `dispose()` returned on the same serial scheduler.
    ///    RxCore drops it (guarantee A2); the sender is broken.
    case eventAfterDispose
    /// 4. Delivery off the main thread to a consumer that requires it
    ///    (`MainScheduler.ensureRunningOnMainThread()`, `requireMainThread()`), or an API that
    ///    belongs on the main thread called elsewhere (RxCocoa's `drive`). Not a `Binder` fed off
    ///    main nor an off-main `emit`: RxSwift makes those legal (the Binder binds on its scheduler).
    ///    "Off the main thread" means off the main queue, as in RxSwift: code on the main queue
    ///    is on main whichever thread serves it (Swift Testing's `@MainActor` tests on Linux),
    ///    and so is the main thread inside another queue's block (`MainQueue.isCurrentOrMainThread`).
    case offMainThread
    /// 5. A subscription disposed on one thread while its subscriber runs on another.
    case disposedWhileDelivering

    /// The number in issue and report texts (1…5).
    public var number: Int {
        switch self {
        case .overlappingOn: return 1
        case .eventAfterTerminal: return 2
        case .eventAfterDispose: return 3
        case .offMainThread: return 4
        case .disposedWhileDelivering: return 5
        }
    }
}

extension Hooks {
    nonisolated(unsafe) private static var _threadAnomaliesAreFatal: Bool = {
        let value = ProcessInfo.processInfo.environment["RXCORE_FATAL_ANOMALIES"]?.lowercased() ?? ""
        return value == "1" || value == "yes" || value == "true" || value == "on"
    }()
    private static let fatalLock = NSLock()

    /// When true, a debug build stops (`fatalError`) at an overlapping `on` call (anomaly 1) or an
    /// event after a terminal event (anomaly 2) instead of printing a warning. Starts from the
    /// environment variable `RXCORE_FATAL_ANOMALIES=1`.
    public static var threadAnomaliesAreFatal: Bool {
        get {
            fatalLock.lock()
            defer { fatalLock.unlock() }
            return _threadAnomaliesAreFatal
        }
        set {
            fatalLock.lock()
            defer { fatalLock.unlock() }
            _threadAnomaliesAreFatal = newValue
        }
    }
}

/// Prints (debug builds) or stops on (when `Hooks.threadAnomaliesAreFatal`) an anomaly of kind
/// 1 or 2. Release builds say nothing; traced builds record it for rxtrace either way.
func warnAboutThreadAnomaly(_ message: @autoclosure () -> String) {
    #if DEBUG
    let text = message()
    if Hooks.threadAnomaliesAreFatal {
        fatalError(text)
    }
    print(text)
    #endif
}

/// Anomaly 2: user code sent `event` into an observer that already terminated. The event is
/// dropped (the grammar holds); this says so.
@inline(never)
func reportEventAfterTerminal<Element>(_ event: Event<Element>, receiver: String, stage: UInt32 = 0) {
    #if TRACE_RESOURCES
    ThreadAnomalyLog.record(
        .eventAfterTerminal,
        stage: stage,
        place: HopThreadState.currentPlace,
        detail: "\(eventName(event)) sent to \(receiver) after its terminal event"
    )
    #endif
    warnAboutThreadAnomaly(
        "⚠️ Event after terminal event was detected.\n  > Problem: \(eventName(event)) was sent to \(receiver) after it received `completed` or `error`.\n    The sequence grammar is `next* (error | completed)?`: the event was dropped.\n  > Remedy: stop sending once the sequence has terminated.\n"
    )
}

/// `reportEventAfterTerminal` for a `next`, without a generic argument: cheap to call from a
/// hot function's rare branch without keeping it from being inlined.
@inline(never)
func reportNextAfterTerminal(receiver: StaticString) {
    reportEventAfterTerminal(Event<Void>.next(()), receiver: "\(receiver)")
}

func eventName<Element>(_ event: Event<Element>) -> String {
    switch event {
    case .next: return "next"
    case .error: return "error"
    case .completed: return "completed"
    }
}
