import ArgumentParser

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Re-renders or merges saved JSON reports (for example from CI shards) into all formats."
    )

    @Argument(help: "JSON reports written by run or check.")
    var files: [String]

    @Option(name: .shortAndLong, help: "Folder the report files are written to.")
    var output: String = "Reports"

    func run() throws {
        // TODO(reports): decode, merge, render.
        throw CLIFailure("report: not available yet")
    }
}
