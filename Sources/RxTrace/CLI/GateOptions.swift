import ArgumentParser

/// The gate's inputs that `check` and `test` share: suppressions and the baseline.
struct GateOptions: ParsableArguments {
    @Option(help: "Suppressions file: one rule a line.")
    var suppressions: String?

    @Option(help: "Baseline file: only leak signatures absent from it fail the run.")
    var baseline: String?

    @Flag(
        name: .customLong("update-baseline"),
        help:
            "Write the current leak signatures to the --baseline file. With --filter or --shard, or when a scenario or test does not finish, old signatures are kept (only added to)."
    )
    var updateBaseline = false

    func validate() throws {
        if updateBaseline && baseline == nil { throw ValidationError("--update-baseline needs --baseline FILE") }
    }
}
