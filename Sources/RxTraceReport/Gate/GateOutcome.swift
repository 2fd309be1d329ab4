/// The CI gate's answer for a run.
public enum GateOutcome: Sendable {
    /// Every scenario passed (findings suppressed, in the baseline or expected don't count).
    case passed
    /// Some scenario has failing findings or a verdict other than the one it expects.
    case findings
    /// Some scenario crashed, timed out or threw unexpectedly; wins over `findings`.
    case abnormal
    /// SIGINT or SIGTERM stopped the run; the report holds what finished. Wins over the others:
    /// the run is incomplete, so it neither passed nor failed.
    case interrupted

    /// The process's exit status for this outcome (bad input, the other status, comes before any
    /// report exists).
    public var exitStatus: ExitStatus {
        switch self {
        case .passed: return .clean
        case .findings: return .findings
        case .abnormal: return .crashedOrTimedOut
        case .interrupted: return .interrupted
        }
    }

    public var exitCode: Int32 { exitStatus.rawValue }
}
