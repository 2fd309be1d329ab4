#if TRACE_RESOURCES
import RxTraceReport

/// A leaked subscription whose objects sit on a reported reference cycle is that cycle's bug,
/// not a second one: the cycle keeps it alive and breaking the cycle frees it. So it is folded
/// into the cycle's finding (its chain, types, backtrace and line where the cycle lacks them)
/// instead of being reported beside it with the same fix.
enum CycleFolding {
    /// `findings` without the leaked subscriptions on a cycle that is among them, each cycle
    /// finding completed by the subscriptions folded into it. `cycleOfFinding` gives the cycle
    /// (by its finding's signature) each leak sits on.
    static func folded(_ findings: [LeakFinding], cycleOfFinding: [String: String]) -> [LeakFinding] {
        let cycles = Set(findings.filter { $0.kind == .referenceCycle }.map(\.signature))
        let onCycle = { (finding: LeakFinding) -> String? in
            guard finding.kind == .leakedSubscription, let cycle = cycleOfFinding[finding.signature],
                cycles.contains(cycle)
            else { return nil }
            return cycle
        }
        var subscriptionsOf: [String: [LeakFinding]] = [:]
        for finding in findings {
            if let cycle = onCycle(finding) { subscriptionsOf[cycle, default: []].append(finding) }
        }
        return findings.compactMap { finding in
            if onCycle(finding) != nil { return nil }
            guard let subscriptions = subscriptionsOf[finding.signature] else { return finding }
            return completed(finding, with: subscriptions)
        }
    }

    private static func completed(_ cycle: LeakFinding, with subscriptions: [LeakFinding]) -> LeakFinding {
        var cycle = cycle
        if cycle.operatorChain.isEmpty, let chain = subscriptions.first(where: { !$0.operatorChain.isEmpty }) {
            cycle.operatorChain = chain.operatorChain
        }
        for type in subscriptions.flatMap(\.resourceTypes) where !cycle.resourceTypes.contains(type) {
            cycle.resourceTypes.append(type)
        }
        if cycle.backtrace.isEmpty, let first = subscriptions.first(where: { !$0.backtrace.isEmpty }) {
            cycle.backtrace = first.backtrace
        }
        if cycle.callSite == nil, let placed = subscriptions.first(where: { $0.callSite != nil }) {
            cycle.callSite = placed.callSite
            cycle.snippet = placed.snippet
        }
        return cycle
    }
}
#endif
