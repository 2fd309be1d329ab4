import ArgumentParser
import Foundation

/// Options shared by `run` and `check`.
///
/// The numbers are parsed `.unconditional`: the word after the option is its value even when it
/// starts with `-`, so `--drain-timeout -1` is the value -1 and gets the range message, not
/// "Missing value" (ArgumentParser took `-1` for an option).
struct RunOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Folder the report files are written to (created if missing).")
    var output: String = "Reports"

    @Option(
        parsing: .unconditional,
        help:
            "Passes per scenario, the warm-up pass included (at least 2). With 3 or more, the report shows growth per pass, which tells a per-use leak from a one-time cache."
    )
    var passes: Int = 2

    @Option(parsing: .unconditional, help: "Seconds a scenario may run before it is killed and reported as timed out.")
    var timeout: Double = 120

    @Option(
        name: .customLong("drain-timeout"),
        parsing: .unconditional,
        help: "Seconds to wait, after each pass, for scheduled work to finish."
    )
    var drainTimeout: Double = 5

    @Option(
        name: .shortAndLong,
        parsing: .unconditional,
        help: "Scenarios run at the same time, each in its own process."
    )
    var jobs: Int = 1

    @Option(
        name: .customLong("source-root"),
        help:
            "Folder report paths are relative to (default: the nearest folder above the working directory that holds .git, else the working directory)."
    )
    var sourceRoot: String?

    @Flag(name: .customLong("no-color"), help: "No colour in the text report, even on a terminal.")
    var noColor = false

    func validate() throws {
        guard passes >= 2 else {
            throw ValidationError("--passes must be at least 2 (a warm-up pass and a measured pass)")
        }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        // Checked here, not by the scenario's child process: a value the child rejects would
        // otherwise run every scenario and report each as crashed.
        guard drainTimeout >= 0 else { throw ValidationError("--drain-timeout must be 0 or more") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if let sourceRoot {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: sourceRoot, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw ValidationError("--source-root '\(sourceRoot)' is not a folder")
            }
        }
    }

    var settings: RunSettings {
        RunSettings(
            output: output,
            passes: passes,
            timeout: timeout,
            drainTimeout: drainTimeout,
            jobs: jobs,
            sourceRoot: sourceRoot,
            noColor: noColor
        )
    }
}
