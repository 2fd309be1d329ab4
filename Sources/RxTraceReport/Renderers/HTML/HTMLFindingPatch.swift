/// A finding's patch (`rxtrace test --fix`): its verdict, what it does or why it is not
/// verified, and the unified diff with added and removed lines marked.
struct HTMLFindingPatch: HTMLFindingPart {
    func node(for finding: LeakFinding, in scenario: ScenarioReport) -> HTMLNode? {
        guard let patch = finding.patch else { return nil }
        return .element("section", [.class("patch", patch.verified ? "verified" : "not-verified")]) {
            HTMLNode.element("p") {
                HTMLNode.element("b", text: patch.verified ? "Patch, verified" : "Patch, not verified")
                if patch.verified {
                    " (in rxtrace.patch)" + (patch.summary.map { ": \($0)" } ?? "")
                } else if let reason = patch.reason {
                    ": \(reason)"
                }
            }
            if let diff = patch.diff {
                HTMLNode.element("pre", [.class("diff")]) {
                    for line in diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                        HTMLNode.element("span", [.class("line", Self.lineClass(line))], text: String(line) + "\n")
                    }
                }
            }
        }
    }

    private static func lineClass(_ line: Substring) -> String {
        if line.hasPrefix("+++") || line.hasPrefix("---") { return "file" }
        if line.hasPrefix("+") { return "add" }
        if line.hasPrefix("-") { return "del" }
        if line.hasPrefix("@@") { return "hunk" }
        return ""
    }
}
