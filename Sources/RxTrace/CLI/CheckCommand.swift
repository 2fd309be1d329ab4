import ArgumentParser

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "The CI leak gate: runs all (or filtered, or one shard of the) scenarios and sets the exit code.",
        discussion: """
            Exit code: 0 when every verdict is as expected once suppressions and the baseline are \
            applied, 1 on findings, 2 bad usage or input, 3 a scenario crashed or timed out, 130 \
            interrupted (Ctrl-C or SIGTERM; the reports hold the scenarios that finished). With \
            --fix, each leak and cycle whose fix is mechanical gets a diff (rxtrace.patch is not \
            written): marked not verified, because a scenario is compiled into the runner and \
            cannot be re-run with the change; the exit code stays the run's.
            """
    )

    @Option(help: "Only scenarios whose name contains this text (or matches it as a glob with * and ?).")
    var filter: String?

    @Option(help: "Run one shard of the scenarios, i/n (1-based), for example 2/4.")
    var shard: String?

    @OptionGroup var gate: GateOptions

    @OptionGroup var options: RunOptions

    @OptionGroup var fixing: FixOption

    func validate() throws {
        try fixing.validate(with: gate)
        if fixing.mode == .apply {
            throw ValidationError(
                "check --fix=apply: a scenario is compiled into the runner, so its patch cannot be proven or applied; --fix writes the diffs, marked not verified"
            )
        }
    }

    func run() throws {
        let selected = try ScenarioSelection.selected(RxTraceCLI.catalog, filter: filter, shard: shard)
        let status = try RunPipeline(
            options: options.settings,
            suppressionsPath: gate.suppressions,
            baselinePath: gate.baseline,
            updateBaseline: gate.updateBaseline,
            selectsSomeScenarios: filter != nil || shard != nil
        ).execute(selected)
        let ending = fixing.fix(
            after: status,
            package: options.sourceRoot ?? ".",
            output: options.output,
            proofArguments: []
        )
        throw ExitCode(ending.rawValue)
    }
}
