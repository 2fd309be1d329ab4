import RxTraceAnalysis
import RxTraceReport

/// How `run` and `check` run their scenarios (the command line's `RunOptions`, validated).
package struct RunSettings {
    /// Folder the report files are written to.
    package var output = "Reports"
    /// Passes per scenario, the warm-up pass included (at least 2).
    package var passes = 2
    /// Seconds a scenario may run before it is killed and reported as timed out.
    package var timeout: Double = 120
    /// Seconds to wait, after each pass, for scheduled work to finish.
    package var drainTimeout: Double = 5
    /// Scenarios run at the same time, each in its own process.
    package var jobs = 1
    /// Folder report paths are relative to; nil finds it (`SourceRoot.discover`).
    package var sourceRoot: String?
    package var noColor = false

    package init(
        output: String = "Reports",
        passes: Int = 2,
        timeout: Double = 120,
        drainTimeout: Double = 5,
        jobs: Int = 1,
        sourceRoot: String? = nil,
        noColor: Bool = false
    ) {
        self.output = output
        self.passes = passes
        self.timeout = timeout
        self.drainTimeout = drainTimeout
        self.jobs = jobs
        self.sourceRoot = sourceRoot
        self.noColor = noColor
    }
}
