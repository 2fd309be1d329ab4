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
        let lock = try BadInput.rethrowing { try OutputFolder.claim(options.output) }
        let pipeline = ReportPipeline(
            outputDirectory: options.output,
            suppressionsPath: suppressionsPath,
            baselinePath: baselinePath,
            updateBaseline: updateBaseline,
            selectsSomeScenarios: selectsSomeScenarios
        )
        let inputs = try BadInput.rethrowing { try pipeline.loadInputs() }

        let interruption = Interruption.install()
        ScratchFolder.removeStale()
        let root = options.sourceRoot.map(SourceRoot.init(path:)) ?? SourceRoot.discover()
        let results = runAll(scenarios, interruption: interruption)
        var run = RunReport(host: .thisRun(), scenarios: results.compactMap { $0?.locatingPaths(in: root) })
            .addingSnippets(from: root)
        run.tool.executable = ToolInfo.currentExecutable
        if let signal = interruption.signal {
            run.interruption = RunInterruption(
                signal: signalName(signal),
                unfinishedScenarios: zip(scenarios, results).filter { $0.1 == nil }.map(\.0.name)
            )
        }
        let report = try BadInput.rethrowing { try pipeline.gate(run, inputs: inputs) }
        try Self.write(report, with: pipeline, colour: !options.noColor)
        withExtendedLifetime(lock) {}
        return report.gateOutcome.exitStatus
    }

    /// Writes the report files, then prints the text report. When the files cannot be written,
    /// the text report is printed all the same, before the one-line error (exit code 2): the
    /// run's results are never lost.
    package static func write(_ report: RunReport, with pipeline: ReportPipeline, colour: Bool) throws {
        do {
            try pipeline.write(report)
        } catch {
            printReport(report, to: nil, colour: colour)
            throw BadInput("\(error)")
        }
        printReport(report, to: pipeline.outputDirectory, colour: colour)
    }

    /// Prints the text report (colour only on a terminal) and where the files are; the last
    /// line names the file to open (the HTML report: findings first, with their source).
    static func printReport(_ report: RunReport, to folder: String?, colour: Bool) {
        let useColour = colour && isatty(STDOUT_FILENO) == 1
        print(TextReportRenderer(colour: useColour).render(report), terminator: "")
        if let folder {
            let writer = ReportWriter(directory: folder)
            print("Reports: \(ReportFormat.allCases.map { writer.path(for: $0) }.joined(separator: ", "))")
            let what =
                report.findingsForReview.contains { $0.standing == .failing }
                ? "the failing findings first" : "every finding and scenario"
            print("Open \(writer.path(for: .html)) for \(what), with their source.")
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
