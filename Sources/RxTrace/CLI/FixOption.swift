import ArgumentParser
import Foundation

extension FixMode: ExpressibleByArgument {}

/// `--fix` and `--fix=apply` (with `--force`), shared by `test` and `check`. A bare `--fix` is
/// spelled `--fix=propose` before parsing (`FixMode.spellingOutBareFix`).
struct FixOption: ParsableArguments {
    @Option(
        name: .customLong("fix"),
        help: ArgumentHelp(
            "--fix or --fix=apply. After the run, patch each leak and cycle whose fix is mechanical and prove the patch by re-running its tests (--fix, the same as --fix=propose), or also write the verified patches into the package (--fix=apply). Builds the fixer the first time (minutes, once).",
            valueName: "mode"
        )
    )
    var mode: FixMode?

    @Flag(help: "With --fix=apply: also write files that have uncommitted changes.")
    var force = false

    func validate() throws {
        if force && mode != .apply { throw ValidationError("--force only goes with --fix=apply") }
    }

    /// The bad combinations with the gate's options, in one line each.
    func validate(with gate: GateOptions) throws {
        if mode != nil && gate.updateBaseline {
            throw ValidationError(
                "--fix and --update-baseline do not go together: one fixes the findings, the other accepts them"
            )
        }
    }

    /// Runs the fixer when `--fix` was given and the run ended with a report to fix; the
    /// command's exit status: the run's own (the status files say it), or `interrupted` when
    /// Ctrl-C stopped the fixer. A failure of the fixer is one line on stderr.
    func fix(after status: ExitStatus, package: String, output: String, proofArguments: [String]) -> ExitStatus {
        guard let mode, [.clean, .findings, .crashedOrTimedOut].contains(status) else { return status }
        let run = FixRun(
            mode: mode,
            force: force,
            package: URL(fileURLWithPath: package),
            output: output,
            proofArguments: proofArguments
        ) { print($0) }
        do {
            try run.execute()
        } catch is FixRun.Interrupted {
            return .interrupted
        } catch let failure as BadInput {
            failure.print()
        } catch {
            BadInput("--fix: \(error)").print()
        }
        return status
    }

    /// Fails before the run when the fixer cannot be had at all.
    func checkAvailable(package: String) throws {
        guard mode != nil else { return }
        try FixerTool(package: URL(fileURLWithPath: package), environment: ProcessInfo.processInfo.environment)
            .checkAvailable()
    }
}
