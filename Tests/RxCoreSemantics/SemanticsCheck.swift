/// The property: for every program whose timing is unambiguous, RxCore on its `TestScheduler`
/// records the same events and the same source subscriptions as the reference model.
public enum SemanticsCheck {
    public enum Verdict: Equatable {
        case agree
        case ambiguous
        case diverge(expected: Outcome, actual: Outcome)
    }

    /// `substitute` replaces RxCore operators by others (the self-test's deliberate slip).
    public static func verdict(_ program: Program, substitute: RxCoreRun.Substitute? = nil) -> Verdict {
        guard let expected = ReferenceModel.run(program) else { return .ambiguous }
        let actual = RxCoreRun.run(program, substitute: substitute)
        return expected == actual ? .agree : .diverge(expected: expected, actual: actual)
    }

    /// A divergence, shrunk, as a reproduction.
    public struct Divergence {
        public let seed: UInt64
        public let index: Int
        public let original: Program
        public let minimal: Program
        public let expected: Outcome
        public let actual: Outcome

        public var report: String {
            var lines = [
                "DIVERGENCE: RxCore and the reference model disagree.",
                "reproduce: rxcore-semantics --seed \(seed) --index \(index)",
                "operators: \(minimal.chain.operatorNames.joined(separator: " ← "))",
                "minimal program:",
                indented(minimal.description),
            ]
            lines.append(contentsOf: differences(expected: expected, actual: actual))
            lines.append("original program (seed \(seed), index \(index)):")
            lines.append(indented(original.description))
            return lines.joined(separator: "\n")
        }

        private func indented(_ text: String) -> String {
            text.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        }

        private func differences(expected: Outcome, actual: Outcome) -> [String] {
            var lines: [String] = []
            if expected.events != actual.events {
                lines.append("events  model:  \(expected.events.map(\.description).joined(separator: ", "))")
                lines.append("events  RxCore: \(actual.events.map(\.description).joined(separator: ", "))")
            }
            for index in expected.subscriptions.indices
            where expected.subscriptions[index] != actual.subscriptions[index] {
                lines.append(
                    "s\(index) subscriptions  model:  \(expected.subscriptions[index].map(\.description).joined(separator: ", "))"
                )
                lines.append(
                    "s\(index) subscriptions  RxCore: \(actual.subscriptions[index].map(\.description).joined(separator: ", "))"
                )
            }
            if expected.resourcesAlive != actual.resourcesAlive {
                lines.append(
                    "resources alive after the run  model: \(expected.resourcesAlive)  RxCore: \(actual.resourcesAlive)"
                )
            }
            return lines
        }
    }

    /// Checks `program`, and shrinks it when it diverges.
    public static func check(
        seed: UInt64,
        index: Int,
        substitute: RxCoreRun.Substitute? = nil
    ) -> (verdict: Verdict, divergence: Divergence?) {
        let program = ProgramGenerator.program(seed: seed, index: index)
        let verdict = verdict(program, substitute: substitute)
        guard case .diverge = verdict else { return (verdict, nil) }
        let minimal = Shrinker.shrink(program) { candidate in
            if case .diverge = self.verdict(candidate, substitute: substitute) { return true }
            return false
        }
        guard case .diverge(let expected, let actual) = self.verdict(minimal, substitute: substitute) else {
            return (verdict, nil)
        }
        let divergence = Divergence(
            seed: seed,
            index: index,
            original: program,
            minimal: minimal,
            expected: expected,
            actual: actual
        )
        return (verdict, divergence)
    }

    /// How a batch of programs went.
    public struct Summary {
        public var programs = 0
        public var compared = 0
        public var ambiguous = 0
        public var divergences: [Divergence] = []
        /// How many compared programs used each operator kind.
        public var operatorCounts: [String: Int] = [:]

        public init() {}

        public mutating func add(_ other: Summary) {
            programs += other.programs
            compared += other.compared
            ambiguous += other.ambiguous
            divergences += other.divergences
            operatorCounts.merge(other.operatorCounts, uniquingKeysWith: +)
        }
    }

    /// Runs programs `0..<count` of `seed`, stopping after `maxDivergences` divergences.
    public static func run(
        seed: UInt64,
        count: Int,
        maxDivergences: Int = 1,
        substitute: RxCoreRun.Substitute? = nil
    ) -> Summary {
        var summary = Summary()
        for index in 0..<count {
            let (verdict, divergence) = check(seed: seed, index: index, substitute: substitute)
            summary.programs += 1
            if verdict != .ambiguous {
                for kind in Set(ProgramGenerator.program(seed: seed, index: index).chain.operators.map(\.kind)) {
                    summary.operatorCounts[kind, default: 0] += 1
                }
            }
            switch verdict {
            case .agree: summary.compared += 1
            case .ambiguous: summary.ambiguous += 1
            case .diverge:
                summary.compared += 1
                if let divergence { summary.divergences.append(divergence) }
                if summary.divergences.count >= maxDivergences { return summary }
            }
        }
        return summary
    }
}
