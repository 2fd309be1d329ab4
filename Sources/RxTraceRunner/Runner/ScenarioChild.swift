import Foundation
import RxTraceAnalysis
import RxTraceReport

/// A scenario's child process (`IsolatedRunner`): runs the one scenario in this process and
/// writes its result as JSON for the parent.
package enum ScenarioChild {
    package static func run(_ scenario: Scenario, passes: Int, drainTimeout: Double, resultPath: String) throws -> Never
    {
        #if TRACE_RESOURCES
        // Ctrl-C reaches the whole foreground process group: the parent decides what happens
        // to its children (it ends them and reports what finished).
        signal(SIGINT, SIG_IGN)
        ThreadStackCapture.installDumpIfRequested()
        let report = ScenarioRunner(passes: passes, drainTimeout: drainTimeout).run(scenario)
        let data = try JSONEncoder().encode(report)
        try data.write(to: URL(fileURLWithPath: resultPath), options: .atomic)
        // Leaked timers may still be armed: leave at once rather than tear them down.
        exit(0)
        #else
        throw BadInput(TracingInstructions.untracedCLI)
        #endif
    }
}
