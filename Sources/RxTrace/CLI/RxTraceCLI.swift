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

    /// Parses the command line, runs the command and exits with a documented code. A command
    /// that runs or reports (`test`, `run`, `check`, `report`), and any bad input, ends standard
    /// output with the run's status line (`RunStatus.line`), flushed before the process exits.
    public static func main(scenarios: [Scenario], arguments: [String]? = nil) -> Never {
        catalog = scenarios
        setvbuf(stdout, nil, _IOLBF, 0)
        var arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
        if ["test", "check"].contains(arguments.first) { arguments = FixMode.spellingOutBareFix(arguments) }
        var endsWithStatus = true
        do {
            var command = try RootCommand.parseAsRoot(arguments)
            endsWithStatus = !(command is ListCommand || command is ScenarioChildCommand)
            try command.run()
            exit(Exit.clean.rawValue, statusLine: endsWithStatus)
        } catch let code as ExitCode {
            exit(code.rawValue, statusLine: endsWithStatus)
        } catch let failure as BadInput {
            failure.print()
            exit(Exit.badInput.rawValue, statusLine: endsWithStatus)
        } catch {
            let code = RootCommand.exitCode(for: error)
            if code == .success {
                // --help, --version: ArgumentParser prints them itself.
                RootCommand.exit(withError: error)
            }
            BadInput(RootCommand.message(for: error) + " (see '\(commandName) --help')").print()
            exit(Exit.badInput.rawValue, statusLine: endsWithStatus)
        }
    }

    /// Prints the status line (when the command has one), flushes standard output, and exits.
    private static func exit(_ code: Int32, statusLine: Bool) -> Never {
        if statusLine, let status = Exit(rawValue: code) {
            print(RunStatusRecord.status(exitingWith: status).line)
        }
        fflush(stdout)
        Foundation.exit(code)
    }

    /// This executable's name, used in help and messages.
    static var commandName: String { ToolInfo.currentExecutable }
}

struct RootCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: RxTraceCLI.commandName,
            abstract:
                "Runs a package's tests (or Rx scenarios) with tracing on and reports each test's outcome and the subscriptions it leaks.",
            discussion: """
                Exit codes: 0 every test passed and nothing new leaks (every verdict as expected); \
                1 a test failed (an assertion, an expectation, a thrown error: whatever the baseline \
                and suppressions say) or something leaks (a verdict differs from its expectation); \
                2 bad usage or input, another run holding the output folder, or reports that could \
                not be written; 3 a test or scenario crashed or hung, or the tests did not build; 130 \
                interrupted (SIGINT or SIGTERM; the reports hold what finished). The last line of \
                standard output is the run's status for CI: `rxtrace: status=<passed|failed|leaks|\
                crashed|bad-input|interrupted> exit=<n> …` (also rxtrace-status.txt and .json in the \
                output folder).
                """,
            subcommands: [
                TestCommand.self, RunCommand.self, CheckCommand.self, ReportCommand.self, ListCommand.self,
                ScenarioChildCommand.self,
            ]
        )
    }
}
