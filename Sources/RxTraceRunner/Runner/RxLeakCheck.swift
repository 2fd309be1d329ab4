import Foundation
import RxTraceAnalysis
import RxTraceReport

/// The run-twice protocol over a closure, in this process, for test assertions
/// (`XCTAssertNoRxLeaks`, `expectNoRxLeaks`).
public enum RxLeakCheck {
    public enum Result: Equatable {
        /// Nothing the measured passes created is alive.
        case clean
        /// Something leaked: the text report.
        case leaked(report: String)
        /// The check could not run (untraced build) or the body threw.
        case failed(reason: String)
    }

    /// Runs `body` `passes` times (the first is the warm-up) and reports what the measured
    /// passes left alive.
    public static func run(
        passes: Int = 2,
        drainTimeout: TimeInterval = 5,
        name: String = "leak check",
        _ body: () throws -> Void
    ) -> Result {
        run(passes: passes, drainTimeout: drainTimeout, name: name, root: SourceRoot.discover(), body)
    }

    /// `run` named after the assertion's place, `file` (an absolute path, as `#filePath`) given
    /// relative to the repository root like every other path of the report.
    public static func run(
        passes: Int = 2,
        drainTimeout: TimeInterval = 5,
        file: String,
        line: Int,
        _ body: () throws -> Void
    ) -> Result {
        let root = SourceRoot.discover()
        return run(
            passes: passes,
            drainTimeout: drainTimeout,
            name: "\(root.locate(file).reportPath ?? file):\(line)",
            root: root,
            body
        )
    }

    private static func run(
        passes: Int,
        drainTimeout: TimeInterval,
        name: String,
        root: SourceRoot,
        _ body: () throws -> Void
    ) -> Result {
        #if TRACE_RESOURCES
        return withoutActuallyEscaping(body) { body in
            let scenario = Scenario(name, summary: "in-process leak check") { _ in try body() }
            // The heap graph is opt-in here (RXTRACE_HEAP_GRAPH=on, see ScenarioRunner.heapGraph).
            let report = ScenarioRunner(passes: passes, drainTimeout: drainTimeout).run(scenario)
            switch report.status {
            case .clean:
                return .clean
            case .failed(let message):
                return .failed(reason: "the checked closure threw on \(message)")
            default:
                // Located and with the source line of each call site, as `rxtrace run` shows it.
                let located = RunReport(host: .thisRun(), scenarios: [report.locatingPaths(in: root)]).addingSnippets(
                    from: root
                )
                return .leaked(report: TextReportRenderer().render(located.scenarios[0]))
            }
        }
        #else
        return .failed(reason: TracingInstructions.untracedTests)
        #endif
    }

    /// Runs `scenario` in this process with the run-twice protocol and returns its full report
    /// (findings, counts per pass), or nil in a build without the TraceResources trait. For
    /// tools that want the structured result rather than a pass/fail (the scale benchmark).
    public static func report(_ scenario: Scenario, passes: Int = 2, drainTimeout: TimeInterval = 5) -> ScenarioReport?
    {
        #if TRACE_RESOURCES
        return ScenarioRunner(passes: passes, drainTimeout: drainTimeout).run(scenario)
        #else
        return nil
        #endif
    }
}
