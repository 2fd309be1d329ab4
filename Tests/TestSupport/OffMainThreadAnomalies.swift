import RxCore

/// How many `offMainThread` anomalies a traced build has recorded in this process so far (each
/// record's count summed); 0 in untraced builds. Tests compare it before and after.
public func offMainThreadAnomalyCount() -> Int {
    #if TRACE_RESOURCES
    return ThreadHops.anomalies().filter { $0.kind == .offMainThread }.reduce(0) { $0 + $1.count }
    #else
    return 0
    #endif
}
