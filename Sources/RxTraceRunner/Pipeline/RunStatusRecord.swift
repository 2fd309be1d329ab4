import RxTraceReport

/// The status of the run this process reported, kept for the command line's last line
/// (`RunStatus.line`): the commands return only an exit code, and the line needs the counts.
package enum RunStatusRecord {
    nonisolated(unsafe) private static var recorded: RunStatus?

    /// Set once the run's report (or, without one, its end) is known; the command line reads it
    /// on the main thread after the command returned.
    package static func record(_ status: RunStatus) { recorded = status }

    /// The line for a process that exits with `exit`: the recorded status when it ended that
    /// way, else the bare exit's (bad input found after the report, for example, keeps the counts).
    package static func status(exitingWith exit: ExitStatus) -> RunStatus {
        guard let recorded else { return RunStatus(exit: exit) }
        if recorded.exit == exit.rawValue { return recorded }
        var status = RunStatus(exit: exit)
        status.counts = recorded.counts
        return status
    }
}
