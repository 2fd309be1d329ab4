import Foundation
import RxTraceReport

/// The fixer's `rxtrace-fix.json`, as far as the report needs it: each call site's verdict and
/// the signatures of the findings it covers.
package struct FixerVerdicts: Decodable, Sendable {
    package var fixes: [Verdict]

    package struct Verdict: Decodable, Sendable {
        package var signatures: [String]
        package var verified: Bool
        package var reason: String?
        package var summary: String?
        package var unifiedDiff: String?
        package var replacements: [FindingPatch.Replacement]?

        package var patch: FindingPatch {
            FindingPatch(
                verified: verified,
                reason: reason,
                summary: summary,
                diff: unifiedDiff,
                replacements: replacements ?? []
            )
        }
    }

    package static func read(_ url: URL) throws -> FixerVerdicts {
        try JSONDecoder().decode(FixerVerdicts.self, from: Data(contentsOf: url))
    }

    /// `report` with each finding and cycle the fixer judged carrying its patch and verdict.
    package func annotating(_ report: RunReport) -> RunReport {
        var patches: [String: FindingPatch] = [:]
        for verdict in fixes {
            for signature in verdict.signatures { patches[signature] = verdict.patch }
        }
        var report = report
        for index in report.scenarios.indices {
            for finding in report.scenarios[index].findings.indices {
                let signature = report.scenarios[index].findings[finding].signature
                report.scenarios[index].findings[finding].patch = patches[signature]
            }
            for cycle in report.scenarios[index].cycles.indices {
                let signature = report.scenarios[index].cycles[cycle].signature
                report.scenarios[index].cycles[cycle].patch = patches[signature]
            }
        }
        return report
    }
}
