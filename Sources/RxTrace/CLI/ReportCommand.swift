import ArgumentParser

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Re-renders or merges saved JSON reports (for example from CI shards) into all formats.",
        discussion: """
            Prints the merged text report, writes every format to --output, and exits with the \
            merged run's gate code (0, 1, 3, or 130 when a scenario an interrupted report did not \
            finish is in no other report); 2 when a file cannot be read or is not a report.
            """
    )

    @Argument(help: "JSON reports written by run or check (rxtrace.json).")
    var files: [String]

    @Option(name: .shortAndLong, help: "Folder the report files are written to (created if missing).")
    var output: String = "Reports"

    @Flag(name: .customLong("no-color"), help: "No colour in the text report, even on a terminal.")
    var noColor = false

    @OptionGroup var printing: PrintReportOption

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one JSON report") }
    }

    func run() throws {
        let merged = try BadInput.rethrowing { try ReportMerger.merge(paths: files) }
        let lock = try BadInput.rethrowing { try OutputFolder.claim(output) }
        try ReportedRun.write(
            merged,
            with: ReportPipeline(outputDirectory: output),
            colour: !noColor,
            whole: printing.printReport
        )
        withExtendedLifetime(lock) {}
        throw ExitCode(merged.gateOutcome.exitCode)
    }
}
