import Foundation
import RxTraceAnalysis
import RxTraceReport

/// What `run`, `check` and `test` do around their own work, so the three report and gate alike.
/// Before the work: claim the output folder and read the suppressions and baseline (bad input
/// fails before anything runs), record SIGINT and SIGTERM instead of dying, and remove the scratch
/// folders of dead runs. After it: one report of what finished, marked interrupted when a signal
/// stopped the work, gated, written as one set and printed; its gate's exit status.
package struct ReportedRun {
    var pipeline: ReportPipeline
    /// The folder report paths are relative to, and whose source lines the report quotes.
    var sourceRoot: SourceRoot
    var subject: RunSubject = .scenarios
    var colour = true
    /// Print the whole text report; otherwise a test run prints only its failing tests (the
    /// whole report is in the output folder). A scenario run always prints it whole.
    var printWholeReport = false
    /// Starts recording the signals; a test passes one that leaves the process's signals alone.
    var installInterruption: () -> Interruption = Interruption.install

    /// How the command's own work ended.
    enum Work {
        /// The scenarios or tests that finished, in order, and the names of those an
        /// interruption left unfinished.
        case finished([ScenarioReport], unfinished: [String])
        /// Ended before there was anything to report (the tests did not build or list): no
        /// report is written and the command exits with this status.
        case stopped(ExitStatus)
    }

    /// Runs `work` inside the frame; returns the gate's exit status. Throws `BadInput`, before
    /// `work` starts when the output folder or the gate's inputs are bad.
    func execute(_ work: (Interruption) throws -> Work) throws -> ExitStatus {
        let lock = try BadInput.rethrowing { try OutputFolder.claim(pipeline.outputDirectory) }
        let inputs = try BadInput.rethrowing { try pipeline.loadInputs() }
        let interruption = installInterruption()
        ScratchFolder.removeStale()
        switch try work(interruption) {
        case .stopped(let status):
            // No report, but the folder's status file must say this run ended so.
            let stopped = RunStatus(exit: status)
            try? ReportWriter(directory: pipeline.outputDirectory).write(stopped)
            RunStatusRecord.record(stopped)
            withExtendedLifetime(lock) {}
            return status
        case .finished(let scenarios, let unfinished):
            let run = report(scenarios, unfinished: unfinished, signal: interruption.signal)
            let report = try BadInput.rethrowing { try pipeline.gate(run, inputs: inputs) }
            try Self.write(report, with: pipeline, colour: colour, whole: printWholeReport)
            withExtendedLifetime(lock) {}
            return report.gateOutcome.exitStatus
        }
    }

    /// The report of `scenarios` before the gate: paths relative to the source root, the lines
    /// they name quoted, this executable, and the interruption when `signal` stopped the run.
    func report(_ scenarios: [ScenarioReport], unfinished: [String], signal: Int32?) -> RunReport {
        var run = RunReport(host: .thisRun(), scenarios: scenarios.map { $0.locatingPaths(in: sourceRoot) })
            .addingSnippets(from: sourceRoot)
        run.tool.executable = ToolInfo.currentExecutable
        run.subject = subject
        if let signal {
            run.interruption = RunInterruption(signal: signalName(signal), unfinishedScenarios: unfinished)
        }
        return run
    }

    /// Writes the report files, then prints the text report, and records the run's status for
    /// the command line's last line. When the files cannot be written, the text report is
    /// printed all the same, before the one-line error (exit code 2): the run's results are never
    /// lost.
    package static func write(_ report: RunReport, with pipeline: ReportPipeline, colour: Bool, whole: Bool) throws {
        RunStatusRecord.record(RunStatus(report: report))
        do {
            try pipeline.write(report)
        } catch {
            printReport(report, to: nil, colour: colour, whole: whole)
            throw BadInput("\(error)")
        }
        printReport(report, to: pipeline.outputDirectory, colour: colour, whole: whole)
    }

    /// Prints the text report (colour only on a terminal) and where the files are, naming the
    /// file to open (the HTML report: findings first, with their source). A scenario run prints
    /// the whole report, its summary, then the files. A test run prints its failing tests with
    /// their messages and findings (all of them when `whole`), the files, then the summary
    /// last, so a long suite's result is at the end of the log.
    static func printReport(_ report: RunReport, to folder: String?, colour: Bool, whole: Bool) {
        let renderer = TextReportRenderer(colour: colour && isatty(STDOUT_FILENO) == 1)
        guard report.subject == .tests else {
            print(renderer.render(report), terminator: "")
            printFiles(report, in: folder)
            return
        }
        print(renderer.body(report, failingOnly: !whole), terminator: "")
        print("")
        printFiles(report, in: folder)
        print(renderer.summaryLine(report))
    }

    private static func printFiles(_ report: RunReport, in folder: String?) {
        guard let folder else { return }
        let writer = ReportWriter(directory: folder)
        print("Reports: \(ReportFormat.allCases.map { writer.path(for: $0) }.joined(separator: ", "))")
        let what =
            report.findingsForReview.contains { $0.standing == .failing }
            ? "the failing findings first" : "every finding and \(report.subject.noun)"
        print("Open \(writer.path(for: .html)) for \(what), with their source.")
    }
}
