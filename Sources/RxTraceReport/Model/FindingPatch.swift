/// What `rxtrace test --fix` made of a finding: the patch it wrote at the call site and whether
/// that patch was proven (applied on a copy of the package, the finding's tests re-run, the
/// finding gone, no new one, every test ending as before), or why not (no patch: the finding is
/// not one of the mechanical classes; still leaks; new finding; test now fails; does not
/// compile; not proven: a scenario is built into the executable that runs it).
public struct FindingPatch: Codable, Equatable, Sendable {
    /// True when the patch cleared the finding in a re-run of its tests: only then is it in
    /// `rxtrace.patch` (and applied by `--fix=apply`).
    public var verified: Bool
    /// Why it is not verified; nil when it is.
    public var reason: String?
    /// What the patch does, in one sentence (`.disposed(by: disposeBag)`: the subscription now
    /// ends with FeedScreen's own bag); nil without a patch.
    public var summary: String?
    /// The patch as a unified diff of the call site's file, paths relative to the package
    /// (`a/Sources/…`, `b/Sources/…`); nil without a patch.
    public var diff: String?
    /// The same patch as replacements in the file as the report saw it.
    public var replacements: [Replacement]

    /// One region of a file and the text put in its place. Lines and columns are 1-based,
    /// columns in Unicode code points (SARIF's `unicodeCodePoints`); the end is just past the
    /// region, so an insertion has its end equal to its start.
    public struct Replacement: Codable, Equatable, Sendable {
        /// Relative to the package's folder.
        public var file: String
        public var startLine: Int
        public var startColumn: Int
        public var endLine: Int
        public var endColumn: Int
        public var text: String

        public init(file: String, startLine: Int, startColumn: Int, endLine: Int, endColumn: Int, text: String) {
            self.file = file
            self.startLine = startLine
            self.startColumn = startColumn
            self.endLine = endLine
            self.endColumn = endColumn
            self.text = text
        }
    }

    public init(
        verified: Bool,
        reason: String? = nil,
        summary: String? = nil,
        diff: String? = nil,
        replacements: [Replacement] = []
    ) {
        self.verified = verified
        self.reason = reason
        self.summary = summary
        self.diff = diff
        self.replacements = replacements
    }

    /// `verified` or `not verified: <reason>`, as the text report and the findings' tables say it.
    public var mark: String {
        verified ? "verified" : "not verified" + (reason.map { ": \($0)" } ?? "")
    }
}
