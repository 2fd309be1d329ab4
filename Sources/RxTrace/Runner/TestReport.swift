// TEMPORARY text for leak checks until the report model lands; replaced by TextReportRenderer.
enum TestReport {
    static func text(_ outcome: ScenarioOutcome) -> String {
        var lines = ["rxtrace: \(outcome.name) leaked (live resources per pass: \(outcome.passes.map { "\($0.before)→\($0.after)" }.joined(separator: ", ")))"]
        for leak in outcome.leaks {
            lines.append("  \(leak.countsPerPass.last ?? 0) × \(leak.operatorChain.joined(separator: " → ")) at \(leak.callSite ?? "?")\(leak.retentionReason.map { " — \($0)" } ?? "")")
        }
        for object in outcome.unreleased {
            lines.append("  \(object.count) × \(object.name) not released (expectReleased at \(object.file):\(object.line))")
        }
        return lines.joined(separator: "\n")
    }
}
