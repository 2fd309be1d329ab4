/// A finding's patch (`rxtrace test --fix`) in the Markdown report: its verdict, then the diff
/// in a fenced block whose fence is longer than any run of backticks in the diff, so no line of
/// the patch can end the block.
enum MarkdownFindingPatch {
    /// `cell` escapes text for the report's prose (pipes, line breaks, HTML).
    static func block(_ patch: FindingPatch, cell: (String) -> String) -> String {
        var out =
            patch.verified
            ? "**Patch (verified, in rxtrace.patch):** \(cell(patch.summary ?? ""))\n\n"
            : "**Patch (not verified):** \(cell(patch.reason ?? ""))\n\n"
        guard let diff = patch.diff else { return out }
        let longestRun = diff.split(whereSeparator: { $0 != "`" }).map(\.count).max() ?? 0
        let fence = String(repeating: "`", count: max(3, longestRun + 1))
        out += "\(fence)diff\n\(diff)\(diff.hasSuffix("\n") ? "" : "\n")\(fence)\n\n"
        return out
    }
}
