import Foundation
import RxTraceAnalysis
import RxTraceReport

/// What `run` and `check` share: check the inputs before running anything, run every scenario
/// in its own process, then report and choose the exit code.
package struct RunPipeline {
    package var options: RunSettings
    package var suppressionsPath: String? = nil
    package var baselinePath: String? = nil
    package var updateBaseline = false
    /// `--filter` or `--shard` chose the scenarios (see `ReportPipeline.selectsSomeScenarios`).
    package var selectsSomeScenarios = false

    package init(
        options: RunSettings,
        suppressionsPath: String? = nil,
        baselinePath: String? = nil,
        updateBaseline: Bool = false,
        selectsSomeScenarios: Bool = false
    ) {
        self.options = options
        self.suppressionsPath = suppressionsPath
        self.baselinePath = baselinePath
        self.updateBaseline = updateBaseline
        self.selectsSomeScenarios = selectsSomeScenarios
    }

    /// Runs `scenarios` and writes the reports; returns the gate's exit status. Throws `BadInput`.
    package func execute(_ scenarios: [Scenario]) throws -> ExitStatus {
        guard TracingInstructions.isTraced else { throw BadInput(TracingInstructions.untracedCLI) }
        guard !scenarios.isEmpty else { throw BadInput("no scenario selected") }
        let run = ReportedRun(
            pipeline: ReportPipeline(
                outputDirectory: options.output,
                suppressionsPath: suppressionsPath,
                baselinePath: baselinePath,
                updateBaseline: updateBaseline,
                selectsSomeScenarios: selectsSomeScenarios
            ),
            sourceRoot: options.sourceRoot.map(SourceRoot.init(path:)) ?? SourceRoot.discover(),
            colour: !options.noColor
        )
        return try run.execute { interruption in
            let results = runAll(scenarios, interruption: interruption)
            return .finished(
                results.compactMap { $0 },
                unfinished: zip(scenarios, results).filter { $0.1 == nil }.map(\.0.name)
            )
        }
    }

    /// Runs the scenarios in child processes, `jobs` at a time, keeping the catalogue order.
    /// After an interruption no scenario starts and the running ones are ended: theirs and the
    /// unstarted ones' results are nil.
    func runAll(_ scenarios: [Scenario], interruption: Interruption) -> [ScenarioReport?] {
        var runner = IsolatedRunner(
            passes: options.passes,
            timeout: options.timeout,
            drainTimeout: options.drainTimeout
        )
        runner.interruption = interruption
        let progress = Progress(total: scenarios.count)
        var reports = [ScenarioReport?](repeating: nil, count: scenarios.count)
        let lock = NSLock()
        let work = { (index: Int) in
            guard !interruption.isRequested else { return }
            let scenario = scenarios[index]
            progress.started(scenario.name)
            guard let report = runner.run(scenario) else { return }
            progress.finished(scenario.name, report.passed ? "ok" : report.status.displayName)
            lock.lock()
            reports[index] = report
            lock.unlock()
        }
        if options.jobs == 1 {
            scenarios.indices.forEach(work)
        } else {
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = options.jobs
            for index in scenarios.indices { queue.addOperation { work(index) } }
            queue.waitUntilAllOperationsAreFinished()
        }
        progress.clear()
        return reports
    }
}
