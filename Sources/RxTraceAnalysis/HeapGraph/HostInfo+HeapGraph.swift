import RxTraceReport

extension HostInfo {
    /// The machine this process runs on, with the heap graph's standing on its runtime: the line
    /// every report format shows when cycles and retention paths are off or unmeasured there.
    public static func thisRun() -> HostInfo {
        #if TRACE_RESOURCES
        return current(heapGraphNote: HeapGraphGate.current.note)
        #else
        return current()
        #endif
    }
}
