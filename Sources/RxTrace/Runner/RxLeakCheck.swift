import Foundation

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
    public static func run(passes: Int = 2, drainTimeout: TimeInterval = 5, name: String = "leak check", _ body: () throws -> Void) -> Result {
        #if TRACE_RESOURCES
        return withoutActuallyEscaping(body) { body in
            let scenario = Scenario(name, summary: "in-process leak check") { _ in try body() }
            // In a test process the heap graph is opt-in (RXTRACE_HEAP_GRAPH=on): its allocation
            // hook changes a process-wide runtime setting while the checked closure runs, and
            // other tests may be running threads meanwhile.
            var runner = ScenarioRunner(passes: passes, drainTimeout: drainTimeout)
            runner.heapGraph = ProcessInfo.processInfo.environment["RXTRACE_HEAP_GRAPH"] == "on"
            let report = runner.run(scenario)
            switch report.status {
            case .clean:
                return .clean
            case .failed(let message):
                return .failed(reason: "the checked closure threw on \(message)")
            default:
                return .leaked(report: TextReportRenderer().render(report.locatingPaths(in: SourceRoot.discover())))
            }
        }
        #else
        return .failed(reason: TracingInstructions.untracedTests)
        #endif
    }
}
