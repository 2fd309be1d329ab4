/// The CI gate's answer for a run, with the documented exit codes.
public enum GateOutcome: Int32, Sendable {
    /// Every scenario passed (findings suppressed, in the baseline or expected don't count).
    case passed = 0
    /// Some scenario has failing findings or a verdict other than the one it expects.
    case findings = 1
    /// Some scenario crashed, timed out or threw unexpectedly; wins over `findings`.
    case abnormal = 3
    /// SIGINT or SIGTERM stopped the run; the report holds what finished. Wins over the others:
    /// the run is incomplete, so it neither passed nor failed.
    case interrupted = 130

    /// Exit code 2 (bad usage or input) is the CLI's, before any report exists.
    public var exitCode: Int32 { rawValue }
}
