/// A finding's patch (`rxtrace test --fix`) in the text report: one line with its verdict.
enum FindingPatchText {
    /// `    patch: verified (in rxtrace.patch): <what it does>`, or `    patch: not verified: <why>`.
    static func line(_ patch: FindingPatch) -> String {
        let what = patch.verified ? "verified (in rxtrace.patch)" + (patch.summary.map { ": \($0)" } ?? "") : patch.mark
        return "    patch: \(what)\n"
    }
}
