import ArgumentParser

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Runs scenarios, prints the text report and writes all report files.",
        discussion: """
            Each scenario runs in its own process: a warm-up pass, then measured passes, each \
            drained until the schedulers are idle. Exit code: 0 when every verdict is the one its \
            scenario expects (a scenario that declares an expected leak and leaks is as expected), \
            1 otherwise, 2 bad usage or input, 3 a scenario crashed or timed out, 130 interrupted \
            (Ctrl-C or SIGTERM; the reports hold the scenarios that finished).
            """
    )

    @Argument(help: "Names of the scenarios to run (see 'list').")
    var scenarios: [String] = []

    @Flag(help: "Run every scenario.")
    var all = false

    @OptionGroup var options: RunOptions

    func validate() throws {
        if all && !scenarios.isEmpty { throw ValidationError("give scenario names or --all, not both") }
        if !all && scenarios.isEmpty { throw ValidationError("give scenario names or --all") }
    }

    func run() throws {
        let selected = all ? RxTraceCLI.catalog : try ScenarioSelection.named(scenarios, in: RxTraceCLI.catalog)
        throw ExitCode(try RunPipeline(options: options.settings).execute(selected).rawValue)
    }
}
