/// The version of the JSON report format (`RunReport.schemaVersion`).
///
/// Versioning policy: adding an optional field or a new enum case that old readers may ignore
/// keeps the version; renaming or removing a field, changing a field's type or meaning, or
/// making an optional field required bumps it. `docs/report.schema.json` describes the current
/// version and is checked against produced reports by the tests, so the two cannot drift.
public enum ReportSchema {
    /// The version this build writes.
    ///
    /// 2: a finding's `signature` is defined anew (`LeakSignature` version 2: no line numbers,
    /// the call-site line's text instead), so version-1 signatures never match version-2 ones;
    /// the shape of the report is unchanged, which is why version 1 stays readable. The SARIF
    /// fingerprint key and the baseline file's `signatureVersion` follow.
    ///
    /// 3: a test of `rxtrace test` carries its framework's outcome (`testOutcome`) and a test
    /// run's summary its counts (`summary.tests`); a test's `passed` and `failureReasons` now
    /// include its assertions, a change of meaning. Versions 1 and 2 have the same shape
    /// without them and stay readable.
    public static let currentVersion = 3
    /// The oldest version this build can still read (for `rxtrace report` and merging).
    public static let oldestReadableVersion = 1
}
