/// The exit codes every rxtrace command documents, in one place: the gate's outcomes and the
/// command line's own (bad input).
public enum ExitStatus: Int32, Sendable {
    /// Every scenario or test ran and its verdict is the one it declares (after suppressions and baseline).
    case clean = 0
    /// Some verdict differs from its expectation: new findings, or an expected leak that vanished.
    case findings = 1
    /// Bad usage or input: unknown scenario, malformed suppressions or baseline file, unwritable or
    /// busy output folder, untraced build. One line on stderr; nothing ran.
    case badInput = 2
    /// A scenario or test crashed (trap, signal) or timed out, or the tests did not build.
    case crashedOrTimedOut = 3
    /// SIGINT (Ctrl-C) or SIGTERM stopped the run; the reports hold what finished.
    case interrupted = 130
}
