#if TRACE_RESOURCES
import RxTraceReport
/// Every finding at a source line. What the allocation says comes first (a leak's `subscribe`
/// line, a cycle's capturing closure); where it says nothing (a release build's shared code has
/// line 0 at the call, a thunk without a declaration line), the finding borrows the line of what
/// it is tied to: a cycle the call site of a subscription on it (`bind`, `subscribe`, `drive`),
/// else of an object on it declared with `expectReleased`; a leak on a cycle the cycle's.
enum FindingPlacement {
    /// `findings` with a call site filled in where one of the findings tied to it has one.
    /// `cycleOfFinding` gives the cycle (by its finding's signature) each leak sits on.
    static func placed(_ findings: [LeakFinding], cycleOfFinding: [String: String]) -> [LeakFinding] {
        var result = findings
        var siteOfSignature: [String: SourceLocation] = [:]
        for finding in result { if let site = finding.callSite { siteOfSignature[finding.signature] = site } }
        // Cycles without a line: the first subscription on them with one, else an object.
        for index in result.indices where result[index].kind == .referenceCycle && result[index].callSite == nil {
            let cycle = result[index].signature
            let tied = result.filter { cycleOfFinding[$0.signature] == cycle && $0.callSite != nil }
            let chosen = tied.first { $0.kind == .leakedSubscription } ?? tied.first
            if let site = chosen?.callSite {
                result[index].callSite = site
                siteOfSignature[cycle] = site
            }
        }
        // Leaks and objects on a cycle, without a line: the cycle's.
        for index in result.indices where result[index].kind != .referenceCycle && result[index].callSite == nil {
            if let cycle = cycleOfFinding[result[index].signature], let site = siteOfSignature[cycle] {
                result[index].callSite = site
            }
        }
        return result
    }
}
#endif
