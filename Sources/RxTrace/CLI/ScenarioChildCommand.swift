import ArgumentParser
import Foundation

/// The hidden command a child process runs: one scenario, in this process, result as JSON.
struct ScenarioChildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: IsolatedRunner.childCommand,
        abstract: "Runs one scenario in this process and writes its result (internal).",
        shouldDisplay: false
    )

    @Argument var name: String
    @Option var passes: Int = 2
    @Option(name: .customLong("drain-timeout")) var drainTimeout: Double = 5
    @Option var result: String

    func run() throws {
        #if TRACE_RESOURCES
        // Ctrl-C reaches the whole foreground process group: the parent decides what happens
        // to its children (it ends them and reports what finished).
        signal(SIGINT, SIG_IGN)
        #if os(Linux) && canImport(CUnwind)
        if let file = ProcessInfo.processInfo.environment[ThreadStackCapture.environmentKey] {
            ThreadStackDump.install(file: file)
        }
        #endif
        guard let scenario = RxTraceCLI.catalog.first(where: { $0.name == name }) else {
            throw CLIFailure("unknown scenario '\(name)'")
        }
        let report = ScenarioRunner(passes: passes, drainTimeout: drainTimeout).run(scenario)
        let data = try JSONEncoder().encode(report)
        try data.write(to: URL(fileURLWithPath: result), options: .atomic)
        // Leaked timers may still be armed: leave at once rather than tear them down.
        Foundation.exit(0)
        #else
        throw CLIFailure(untracedMessage)
        #endif
    }
}

let untracedMessage = TracingInstructions.untracedCLI
