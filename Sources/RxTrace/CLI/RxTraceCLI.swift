import ArgumentParser
import Foundation

/// The rxtrace command line over a list of scenarios.
///
/// A package gets its own rxtrace by adding one executable target that depends on RxTrace
/// (with the `TraceResources` trait enabled on this package) and whose `main.swift` is:
///
///     import RxTrace
///     RxTraceCLI.main(scenarios: myScenarios)
///
/// The shipped `rxtrace` executable is exactly that, over the built-in catalogue.
public enum RxTraceCLI {
    /// The documented exit codes (`ExitStatus`, which owns them).
    public typealias Exit = ExitStatus

    /// The scenarios this executable knows, set by `main(scenarios:)`.
    nonisolated(unsafe) static var catalog: [Scenario] = []

    /// Whether RxCore was compiled with the `TraceResources` trait.
    public static var isTraced: Bool { TracingInstructions.isTraced }

    /// Parses the command line, runs the command and exits with a documented code.
    public static func main(scenarios: [Scenario], arguments: [String]? = nil) -> Never {
        catalog = scenarios
        setvbuf(stdout, nil, _IOLBF, 0)
        let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
        do {
            var command = try RootCommand.parseAsRoot(arguments)
            try command.run()
            Foundation.exit(Exit.clean.rawValue)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch let failure as BadInput {
            failure.print()
            Foundation.exit(Exit.badInput.rawValue)
        } catch {
            let code = RootCommand.exitCode(for: error)
            if code == .success {
                // --help, --version: ArgumentParser prints them itself.
                RootCommand.exit(withError: error)
            }
            BadInput(RootCommand.message(for: error) + " (see '\(commandName) --help')").print()
            Foundation.exit(Exit.badInput.rawValue)
        }
    }

    /// This executable's name, used in help and messages.
    static var commandName: String { ToolInfo.currentExecutable }
}

struct RootCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: RxTraceCLI.commandName,
            abstract: "Runs Rx scenarios twice and reports the subscriptions they leak.",
            discussion: """
                Exit codes: 0 every verdict is as expected; 1 findings (a verdict differs from its \
                expectation); 2 bad usage or input, another run holding the output folder, or reports \
                that could not be written; 3 a scenario crashed or timed out; 130 interrupted (SIGINT \
                or SIGTERM; the reports hold the scenarios that finished).
                """,
            subcommands: [
                ListCommand.self, RunCommand.self, CheckCommand.self, TestCommand.self, ReportCommand.self,
                ScenarioChildCommand.self,
            ]
        )
    }
}
