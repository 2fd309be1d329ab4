import ArgumentParser
import Foundation

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract:
            "Runs a package's tests as `swift test` does and checks each for leaks: every test's outcome and the Rx resources it leaves alive.",
        discussion: """
            Builds the package's tests with the TraceResources trait (in .build/rxtrace-test; nothing \
            in the package is written but that folder and the reports; Package.resolved is kept as it was), runs \
            every XCTest and Swift Testing test as `swift test` runs it, and reports each test's outcome \
            (passed, failed with its messages, skipped, known issue, crashed, hung) and each test that \
            leaves subscriptions alive after its schedulers drained, at the line that made them. A test \
            that leaves something alive runs a second time: only what it leaves again is reported, so \
            one-time state (a shared service touched first) is not; that run never changes the test's \
            outcome. Thread anomalies are reported too, and fail the run only with --strict. Extra \
            arguments after `--` go to `swift build`. Exit code: 0 every test passed and none leaks \
            (after suppressions and the baseline), 1 a test failed or leaks, 2 bad usage or input, 3 \
            the tests did not build or a test crashed or hung, 130 interrupted (the reports hold the \
            tests that finished). The last line of output says which: `rxtrace: status=… exit=…`. \
            With --fix, each leak and cycle whose fix is mechanical gets a patch, proven on a copy \
            of the package by re-running the tests it appeared in: rxtrace.patch (every verified \
            one, for `git apply`), fixes/ and rxtrace-fix.json go beside the reports, which then \
            carry each finding's patch and verdict; --fix=apply also writes the verified patches \
            into the package and re-checks the whole suite. The exit code stays the run's.
            """
    )

    @Option(name: .customLong("package-path"), help: "The package whose tests to run (default: the working directory).")
    var packagePath: String = "."

    @Option(
        help:
            "Only tests whose name (Module.Class/testMethod, Module.Suite/function()) matches this regular expression."
    )
    var filter: String?

    @Option(help: "Run one shard of the tests, i/n (1-based), for example 2/4.")
    var shard: String?

    @Option(name: .shortAndLong, help: "Folder the report files are written to (created if missing).")
    var output: String = "Reports"

    @OptionGroup var gate: GateOptions

    @OptionGroup var printing: PrintReportOption

    @OptionGroup var fixing: FixOption

    @Flag(
        help:
            "Also fail on what only the test harness keeps (a subscription in an XCTestCase's stored property) and on thread anomalies."
    )
    var strict = false

    @Option(
        name: .shortAndLong,
        parsing: .unconditional,
        help: "Test processes at the same time; each runs its tests one at a time."
    )
    var jobs: Int = 1

    @Option(
        parsing: .unconditional,
        help: "Seconds one test (both of its runs) may take before it is reported as hung."
    )
    var timeout: Double = 120

    @Option(
        name: .customLong("drain-timeout"),
        parsing: .unconditional,
        help: "Seconds to wait after each test for scheduled work to finish."
    )
    var drainTimeout: Double = 5

    @Option(
        name: .customLong("source-root"),
        help:
            "Folder report paths are relative to (default: the nearest folder above the package that holds .git, else the package)."
    )
    var sourceRoot: String?

    @Flag(name: .customLong("no-color"), help: "No colour in the text report, even on a terminal.")
    var noColor = false

    @Argument(parsing: .postTerminator, help: "Arguments for `swift build`, after `--`.")
    var buildArguments: [String] = []

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        guard drainTimeout >= 0 else { throw ValidationError("--drain-timeout must be 0 or more") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        try fixing.validate(with: gate)
        if let filter, (try? NSRegularExpression(pattern: filter)) == nil {
            throw ValidationError("--filter '\(filter)' is not a regular expression")
        }
    }

    func run() throws {
        try BadInput.rethrowing { try fixing.checkAvailable(package: packagePath) }
        let status = try TestPipeline(
            packagePath: packagePath,
            filter: filter,
            shard: shard,
            output: output,
            suppressionsPath: gate.suppressions,
            baselinePath: gate.baseline,
            updateBaseline: gate.updateBaseline,
            strict: strict,
            jobs: jobs,
            timeout: timeout,
            drainTimeout: drainTimeout,
            sourceRoot: sourceRoot,
            colour: !noColor,
            printWholeReport: printing.printReport,
            buildArguments: buildArguments
        ).execute()
        let ending = fixing.fix(after: status, package: packagePath, output: output, proofArguments: proofArguments)
        throw ExitCode(ending.rawValue)
    }

    /// This run's settings for each `rxtrace test` the fixer runs to prove a patch.
    private var proofArguments: [String] {
        ["--timeout", "\(timeout)", "--drain-timeout", "\(drainTimeout)"] + (strict ? ["--strict"] : [])
            + (buildArguments.isEmpty ? [] : ["--"] + buildArguments)
    }
}
