import ArgumentParser
import Foundation

/// What `run` and `check` share: check the inputs before running anything, run every scenario
/// in its own process, then report and choose the exit code.
struct RunPipeline {
    var options: RunOptions
    var suppressionsPath: String? = nil
    var baselinePath: String? = nil
    var updateBaseline = false

    func execute(_ scenarios: [Scenario]) throws {
        guard RxTraceCLI.isTraced else { throw CLIFailure(untracedMessage) }
        guard !scenarios.isEmpty else { throw CLIFailure("no scenario selected") }
        // Bad input is found before any scenario runs, so nothing is half-done.
        _ = try OutputFolder.prepare(options.output)
        let pipeline = ReportPipeline(
            outputDirectory: options.output,
            suppressionsPath: suppressionsPath,
            baselinePath: baselinePath,
            updateBaseline: updateBaseline
        )
        let inputs = try CLIFailure.rethrowing { try pipeline.loadInputs() }

        let root = options.sourceRoot.map(SourceRoot.init(path:)) ?? SourceRoot.discover()
        let run = RunReport(scenarios: runAll(scenarios).map { $0.locatingPaths(in: root) })
        let report = try CLIFailure.rethrowing { try pipeline.finish(run, inputs: inputs) }
        Self.printReport(report, to: options.output, colour: !options.noColor)
        throw ExitCode(report.gateOutcome.exitCode)
    }

    /// Prints the text report (colour only on a terminal) and where the files are.
    static func printReport(_ report: RunReport, to folder: String, colour: Bool) {
        let useColour = colour && isatty(STDOUT_FILENO) == 1
        print(TextReportRenderer(colour: useColour).render(report), terminator: "")
        print("Reports: \(ReportFormat.allCases.map { ReportWriter(directory: folder).path(for: $0) }.joined(separator: ", "))")
    }

    /// Runs the scenarios in child processes, `jobs` at a time, keeping the catalogue order.
    func runAll(_ scenarios: [Scenario]) -> [ScenarioReport] {
        let runner = IsolatedRunner(passes: options.passes, timeout: options.timeout, drainTimeout: options.drainTimeout)
        let progress = Progress(total: scenarios.count)
        var reports = [ScenarioReport?](repeating: nil, count: scenarios.count)
        let lock = NSLock()
        let work = { (index: Int) in
            let scenario = scenarios[index]
            progress.started(scenario.name)
            let report = runner.run(scenario)
            progress.finished(scenario.name, report.passed ? "ok" : report.status.displayName)
            lock.lock(); reports[index] = report; lock.unlock()
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
        return reports.map { $0! }
    }
}

/// The report folder, checked for writing before any scenario runs.
enum OutputFolder {
    static func prepare(_ path: String) throws -> URL {
        try makeDirectories(path)
        guard access(path, W_OK | X_OK) == 0 else {
            throw CLIFailure("the output folder '\(path)' is not writable: \(String(cString: strerror(errno)))")
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// `mkdir -p`, with the system's reason in the error.
    private static func makeDirectories(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CLIFailure("the output folder '\(path)' is a file") }
            return
        }
        if let failure = createMissing(path) {
            throw CLIFailure("cannot create the output folder '\(path)': \(failure)")
        }
    }

    /// Creates `path` and its missing parents; returns why it could not, or nil.
    private static func createMissing(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? nil : "'\(path)' is not a folder"
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path, let failure = createMissing(parent) { return failure }
        if mkdir(path, 0o755) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
        return nil
    }
}
