/// `rxcore-semantics --self-test`: the check must catch a slip that changes no element, or a
/// clean run proves little. Runs a fixed seed with `take` replaced by `SlippedTake` and requires
/// a divergence whose reproduction names `take`, the seed and the marbles, on a program RxCore's
/// own `take` agrees on (so the slip, not some other divergence, is what was caught).
public enum SemanticsSelfTest {
    /// The seed and the most programs it may take: seed 1 diverges within its first thousand
    /// programs (docs/semantics.md), in well under a second.
    static let seed: UInt64 = 1
    static let programs = 1500

    /// Whether the slip was caught, and the lines that say how.
    public static func run() -> (caught: Bool, lines: [String]) {
        let summary = SemanticsCheck.run(seed: seed, count: programs, substitute: SlippedTake.substitute)
        guard let divergence = summary.divergences.first else {
            return (
                false,
                [
                    "self-test: take(n) completing without disposing its upstream was not caught in \(programs) programs of seed \(seed)"
                ]
            )
        }
        let report = divergence.report
        var missing: [String] = []
        if !divergence.minimal.chain.operators.contains(where: { if case .take = $0 { true } else { false } }) {
            missing.append("a minimal program with take")
        }
        for (what, text) in [
            ("the operator", "operators: take("), ("the seed", "--seed \(seed) --index \(divergence.index)"),
            ("the marbles", "marble s"),
        ] where !report.contains(text) {
            missing.append("\(what) ('\(text)')")
        }
        if SemanticsCheck.verdict(divergence.original) != .agree {
            missing.append("a program RxCore's own take agrees on")
        }
        let verdict =
            missing.isEmpty
            ? "self-test: the slipped take(n) was caught at seed \(seed), index \(divergence.index), after \(summary.programs) programs"
            : "self-test: the slipped take(n) diverged but the report lacks " + missing.joined(separator: ", ")
        return (missing.isEmpty, [report, verdict])
    }
}
