/// How a run compared with its baseline file (`--baseline FILE`).
public struct BaselineInfo: Codable, Equatable, Sendable {
    /// The baseline file as given on the command line.
    public var path: String
    /// How many signatures the baseline holds.
    public var signatureCount: Int
    /// Unsuppressed findings whose signature the baseline knows (they do not fail the run).
    public var knownFindings: Int
    /// Unsuppressed findings absent from the baseline (marked new; only these fail).
    public var newFindings: Int
    /// Baseline signatures no scenario reported any more: fixed leaks, candidates for
    /// `--update-baseline`.
    public var absentSignatures: [String]
    /// The signature version the file was written with (1 for a plain JSON array, before
    /// signatures stopped depending on line numbers). Below `Baseline.currentSignatureVersion`
    /// none of its signatures can match: `--update-baseline` rewrites it.
    public var signatureVersion: Int?
    /// Set by `--update-baseline` on a partial run (`--filter`, `--shard`, a scenario that did
    /// not finish, an interruption): how many old signatures it kept without seeing them,
    /// because they may belong to scenarios it did not measure.
    public var keptUnverifiedSignatures: Int?

    public init(
        path: String,
        signatureCount: Int,
        knownFindings: Int,
        newFindings: Int,
        absentSignatures: [String],
        signatureVersion: Int? = nil
    ) {
        self.path = path
        self.signatureCount = signatureCount
        self.knownFindings = knownFindings
        self.newFindings = newFindings
        self.absentSignatures = absentSignatures
        self.signatureVersion = signatureVersion
    }

    /// Whether the baseline's signatures are of an older definition than this build's.
    public var isOutdated: Bool {
        (signatureVersion ?? Baseline.currentSignatureVersion) < Baseline.currentSignatureVersion
    }
}
