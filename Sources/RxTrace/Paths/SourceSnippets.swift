import Foundation

extension RunReport {
    /// The report with each finding's source snippet read from the checkout at `root`: a few
    /// lines around the call site. Done when the report is made, so the files are read once, by
    /// the process that writes the reports.
    public func addingSnippets(from root: SourceRoot, context: Int = 3, sources: SourceLines = .shared) -> RunReport {
        var report = self
        for s in report.scenarios.indices {
            for f in report.scenarios[s].findings.indices {
                guard let site = report.scenarios[s].findings[f].callSite,
                      let path = root.absolutePath(site.file, base: site.fileBase ?? .repository),
                      let lines = sources.lines(of: path), site.line >= 1, site.line <= lines.count else { continue }
                let first = max(1, site.line - context)
                let last = min(lines.count, site.line + context)
                report.scenarios[s].findings[f].snippet = SourceSnippet(
                    firstLine: first,
                    lines: lines[(first - 1)..<last].map(String.init),
                    highlightedLine: site.line
                )
            }
        }
        return report
    }
}
