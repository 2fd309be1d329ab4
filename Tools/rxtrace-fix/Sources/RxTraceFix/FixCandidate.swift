/// The findings of one call site (a subscription that leaks is often reported both as a
/// leaked subscription and as the cycle that keeps it), over all tests where they appeared,
/// and the patch the rewriter made for it, or why it made none.
public struct FixCandidate: Sendable {
    public var signatures: [String]
    /// Their kinds, in the same order.
    public var kinds: [String]
    /// The call site, relative to the package's folder.
    public var file: String
    public var line: Int
    /// The tests (or scenarios) whose findings have this signature, in report order.
    public var tests: [String]
    /// The file as the report saw it.
    public var original: String
    public var outcome: FixOutcome

    /// The kind the rewriter is asked about: a fixable one when the call site has one.
    public var fixKind: String {
        kinds.first { SourceFixer.fixableKinds.contains($0) } ?? kinds[0]
    }

    public var patch: SourcePatch? {
        if case .patched(let patch) = outcome { return patch }
        return nil
    }
}

/// The fixer's verdict on one finding, as `rxtrace-fix.json` lists it.
public struct FixVerdict: Codable, Equatable, Sendable {
    public var signatures: [String]
    public var kinds: [String]
    /// `file:line` of the call site, package-relative.
    public var callSite: String
    public var tests: [String]
    public var verified: Bool
    /// Why it is not verified: no patch (and why), still leaks, new finding, test now fails,
    /// does not compile.
    public var reason: String?
    /// The changes the patch makes (`FixClass` raw values); empty without a patch.
    public var changes: [String]
    public var summary: String?
    /// The diff's file in the output folder, when there is a patch.
    public var diff: String?
    /// That diff's text.
    public var unifiedDiff: String?
    /// The patch as replacements in the original file; empty without a patch.
    public var replacements: [FixReplacement] = []
}
