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
        guard let scenario = RxTraceCLI.catalog.first(where: { $0.name == name }) else {
            throw BadInput("unknown scenario '\(name)'")
        }
        try ScenarioChild.run(scenario, passes: passes, drainTimeout: drainTimeout, resultPath: result)
    }
}
