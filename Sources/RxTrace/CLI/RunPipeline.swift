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
        let output = try OutputFolder.prepare(options.output)
        _ = output

        let outcomes = runAll(scenarios)
        // TODO(reports): build RunReport, apply suppressions/baseline, render and write.
        for outcome in outcomes {
            print("\(outcome.name): expected \(outcome.expected.rawValue), status \(outcome.status), actual \(outcome.actual?.rawValue ?? "-"), passes \(outcome.passes.map { "\($0.before)->\($0.after)" }), leaks \(outcome.leaks.count)")
        }
        throw ExitCode(Self.exitCode(outcomes).rawValue)
    }

    /// Runs the scenarios in child processes, `jobs` at a time, keeping the catalogue order.
    func runAll(_ scenarios: [Scenario]) -> [ScenarioOutcome] {
        let runner = IsolatedRunner(passes: options.passes, timeout: options.timeout, drainTimeout: options.drainTimeout)
        let progress = Progress(total: scenarios.count)
        var outcomes = [ScenarioOutcome?](repeating: nil, count: scenarios.count)
        let lock = NSLock()
        let work = { (index: Int) in
            let scenario = scenarios[index]
            progress.started(scenario.name)
            let outcome = runner.run(scenario)
            progress.finished(scenario.name, Self.shortStatus(outcome))
            lock.lock(); outcomes[index] = outcome; lock.unlock()
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
        return outcomes.map { $0! }
    }

    static func shortStatus(_ outcome: ScenarioOutcome) -> String {
        switch outcome.status {
        case .completed: return outcome.actual == outcome.expected ? "as expected" : "UNEXPECTED \(outcome.actual?.rawValue ?? "")"
        case .failed: return "failed"
        case .crashed(let signal, _): return "crashed" + (signal.map { " (\(signalName($0)))" } ?? "")
        case .timedOut: return "timed out"
        }
    }

    /// 3 when anything crashed or timed out, else 1 when a verdict differs from its
    /// expectation, else 0.
    static func exitCode(_ outcomes: [ScenarioOutcome]) -> RxTraceCLI.Exit {
        if outcomes.contains(where: { $0.status != .completed }) { return .crashedOrTimedOut }
        if outcomes.contains(where: { $0.actual != $0.expected }) { return .findings }
        return .clean
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
