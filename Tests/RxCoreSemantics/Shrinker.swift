/// Shrinks a diverging program to a minimal one that still diverges: fewer operators (a node
/// replaced by one of its inputs, a flattening operator's extra inner dropped), fewer marble
/// events, and unused sources removed. Greedy: the first smaller program that still diverges
/// is kept, until none does.
public enum Shrinker {
    public static func shrink(_ program: Program, stillDiverges: (Program) -> Bool) -> Program {
        var current = program
        var improved = true
        var steps = 0
        while improved && steps < 500 {
            improved = false
            for candidate in candidates(current) where stillDiverges(candidate) {
                current = candidate
                improved = true
                steps += 1
                break
            }
        }
        return withoutUnusedSources(current)
    }

    static func candidates(_ program: Program) -> [Program] {
        var result = smallerChains(program.chain).map {
            Program(
                chain: $0,
                sources: program.sources,
                subscribeTime: program.subscribeTime,
                disposeTime: program.disposeTime
            )
        }
        for (sourceIndex, marble) in program.sources.enumerated() {
            for eventIndex in marble.events.indices {
                var smaller = program
                smaller.sources[sourceIndex].events.remove(at: eventIndex)
                result.append(smaller)
            }
        }
        return result
    }

    /// Every chain with one operator fewer, or one inner sequence fewer.
    static func smallerChains(_ chain: Chain) -> [Chain] {
        guard !chain.inputs.isEmpty else { return [] }
        var result = chain.inputs
        if chain.op.isFlattening && chain.inputs.count > 2 {
            for index in 1..<chain.inputs.count {
                var inputs = chain.inputs
                inputs.remove(at: index)
                result.append(.node(chain.op, inputs))
            }
        }
        for (index, input) in chain.inputs.enumerated() {
            for smaller in smallerChains(input) {
                var inputs = chain.inputs
                inputs[index] = smaller
                result.append(.node(chain.op, inputs))
            }
        }
        return result
    }

    static func withoutUnusedSources(_ program: Program) -> Program {
        let used = Set(sourceIndices(program.chain)).sorted()
        var renumbered: [Int: Int] = [:]
        for (newIndex, oldIndex) in used.enumerated() { renumbered[oldIndex] = newIndex }
        func rename(_ chain: Chain) -> Chain {
            if case .source(let index) = chain.op, let renamed = renumbered[index] {
                return .node(.source(renamed), [])
            }
            return .node(chain.op, chain.inputs.map(rename))
        }
        var renamed = program
        renamed.chain = rename(program.chain)
        renamed.sources = used.map { program.sources[$0] }
        return renamed
    }

    static func sourceIndices(_ chain: Chain) -> [Int] {
        if case .source(let index) = chain.op { return [index] }
        return chain.inputs.flatMap(sourceIndices)
    }
}
