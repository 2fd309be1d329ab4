/// Extra sections drawn into the page by other analyses, each in a file of its own (a cycle
/// graph, thread-hop lanes, a chart). To add one: write a type conforming to
/// `HTMLFindingPart` or `HTMLScenarioPart` that reads only the report model and returns nil
/// when it has nothing to show, then list it in `standard`. Parts are drawn in list order.
struct HTMLParts: Sendable {
    /// Drawn inside each finding's `<details>`, after its facts and before its backtrace.
    var finding: [any HTMLFindingPart]
    /// Drawn in each scenario's section, after its findings and before its output.
    var scenario: [any HTMLScenarioPart]

    /// The parts every report draws.
    static let standard = HTMLParts(
        finding: [HTMLPassChart(), HTMLThreadAnomalyFacts(), HTMLReferenceGraph(), HTMLFindingPatch()],
        scenario: [HTMLThreadStacks(), HTMLThreadHopLanes()]
    )
}

/// A section inside one finding (for example the cycle that explains it, matched by
/// `ReportCycle.signature`).
protocol HTMLFindingPart: Sendable {
    func node(for finding: LeakFinding, in scenario: ScenarioReport) -> HTMLNode?
}

/// A section inside one scenario (for example its thread-hop lanes).
protocol HTMLScenarioPart: Sendable {
    func node(for scenario: ScenarioReport) -> HTMLNode?
}
