/// What usually fixes one finding, in one line: the kind's hint, except for a thread anomaly,
/// whose fix depends on which anomaly it is (and, off the main thread, on whether it happened
/// while a stage delivered or when something was called there).
extension LeakFinding {
    public var fixHint: String {
        if let fix { return fix }
        guard kind == .threadAnomaly, let anomaly else { return kind.fixHint }
        return ThreadAnomalyFixHint.hint(kind: anomaly.kind, stage: anomaly.stage) ?? kind.fixHint
    }
}

/// One true fix per thread-anomaly kind (`ReportThreadAnomaly.kind`), nil for a kind this
/// version does not know.
enum ThreadAnomalyFixHint {
    static func hint(kind: String, stage: String?) -> String? {
        switch kind {
        case "overlappingOn":
            return
                "Send from one thread at a time: feed the observer from one serial scheduler (`observe(on:)` it, or `merge` the sources) instead of calling `on` from several threads or from inside its own handler."
        case "eventAfterTerminal":
            return
                "Stop sending after `onCompleted`/`onError`: the event was dropped; end the sender's loop or timer when it terminates."
        case "eventAfterDispose":
            return
                "Make the source honour `dispose()`: stop its work and its timers in the Disposable it returns, and check `isDisposed` before sending."
        case "offMainThread":
            if let stage {
                return "Deliver on the main thread: add `observe(on: MainScheduler.instance)` before `\(stage)`."
            }
            return
                "Call it on the main thread: `drive` (or code that requires main) from main-thread code, or move the call there (`DispatchQueue.main.async`)."
        case "disposedWhileDelivering":
            return
                "Dispose on the scheduler that delivers: schedule the `dispose()` there, so it cannot run while the subscriber is running."
        default:
            return nil
        }
    }
}
