import Foundation

extension RunReport {
    /// The report with source snippets read from the checkout at `root`: a few lines around
    /// each finding's call site and around the line each stopped thread waited or crashed at.
    /// Done when the report is made, so the files are read once, by the process that writes
    /// the reports.
    public func addingSnippets(from root: SourceRoot, context: Int = 3, sources: SourceLines = .shared) -> RunReport {
        var report = self
        let reader = SnippetReader(root: root, context: context, sources: sources)
        for s in report.scenarios.indices {
            for f in report.scenarios[s].findings.indices {
                guard let site = report.scenarios[s].findings[f].callSite,
                    let snippet = reader.snippet(file: site.file, line: site.line, base: site.fileBase)
                else { continue }
                report.scenarios[s].findings[f].snippet = snippet
            }
            for t in report.scenarios[s].threadStacks.indices {
                guard let frame = report.scenarios[s].threadStacks[t].userFrame, let file = frame.file,
                    let line = frame.line,
                    let snippet = reader.snippet(file: file, line: line, base: frame.fileBase)
                else { continue }
                report.scenarios[s].threadStacks[t].snippet = snippet
            }
        }
        return report
    }
}

/// Reads `context` lines either side of a report path's line from the checkout.
private struct SnippetReader {
    let root: SourceRoot
    let context: Int
    let sources: SourceLines

    func snippet(file: String, line: Int, base: SourcePathBase?) -> SourceSnippet? {
        guard let path = root.absolutePath(file, base: base ?? .repository),
            let lines = sources.lines(of: path), line >= 1, line <= lines.count
        else { return nil }
        let first = max(1, line - context)
        let last = min(lines.count, line + context)
        return SourceSnippet(firstLine: first, lines: lines[(first - 1)..<last].map(String.init), highlightedLine: line)
    }
}
