import Foundation

/// The CI features in order, for `rxtrace run`, `check` and `report`: read the suppressions
/// and baseline files (before any scenario runs, so bad input fails fast with exit code 2),
/// then apply suppressions, compare with or update the baseline, and write every format.
public struct ReportPipeline: Sendable {
    public var outputDirectory: String
    public var formats: [ReportFormat]
    public var suppressionsPath: String?
    public var baselinePath: String?
    /// Write the run's unsuppressed signatures to `baselinePath` (which may not exist yet).
    public var updateBaseline: Bool
    /// The run checks only some of the scenarios (`--filter`, `--shard`). An update then keeps
    /// the old signatures, as it does when a scenario crashed, hung or the run was interrupted:
    /// an update cannot tell a fixed leak from one in a scenario it did not measure (an entry
    /// names where it was seen, but a renamed or new test may show it too).
    public var selectsSomeScenarios: Bool

    /// What `loadInputs()` read.
    public struct Inputs: Sendable {
        public var suppressions: [SuppressionRule]
        public var baseline: Baseline?
    }

    public init(
        outputDirectory: String = ReportWriter.defaultDirectory,
        formats: [ReportFormat] = ReportFormat.allCases,
        suppressionsPath: String? = nil,
        baselinePath: String? = nil,
        updateBaseline: Bool = false,
        selectsSomeScenarios: Bool = false
    ) {
        self.outputDirectory = outputDirectory
        self.formats = formats
        self.suppressionsPath = suppressionsPath
        self.baselinePath = baselinePath
        self.updateBaseline = updateBaseline
        self.selectsSomeScenarios = selectsSomeScenarios
    }

    /// Reads and checks the suppressions and baseline files. Throws `SuppressionError` or
    /// `BaselineError` (one line each).
    public func loadInputs() throws -> Inputs {
        let rules = try suppressionsPath.map(SuppressionFile.load(path:)) ?? []
        var baseline: Baseline?
        if let baselinePath {
            if !FileManager.default.fileExists(atPath: baselinePath) {
                // A first `check --baseline FILE` before any `--update-baseline`: say how to start.
                guard updateBaseline else { throw BaselineError.missing(path: baselinePath) }
                baseline = nil
            } else {
                baseline = try Baseline.load(path: baselinePath)
            }
        }
        return Inputs(suppressions: rules, baseline: baseline)
    }

    /// Applies `inputs` to `report`, updates the baseline file when asked, writes the reports
    /// and returns the report as written (its `gateOutcome` is the exit code). Throws
    /// `ReportWriterError` or `BaselineError`; nothing is half-written either way.
    @discardableResult
    public func finish(_ report: RunReport, inputs: Inputs) throws -> RunReport {
        let report = try gate(report, inputs: inputs)
        try write(report)
        return report
    }

    /// Applies suppressions and the baseline (updating the baseline file when asked); throws
    /// `BaselineError`.
    public func gate(_ report: RunReport, inputs: Inputs) throws -> RunReport {
        var report = report
        if !inputs.suppressions.isEmpty || suppressionsPath != nil {
            report.apply(suppressions: inputs.suppressions)
        }
        if let baselinePath {
            if updateBaseline {
                var updated = Baseline(report: report)
                // Only a run that measured every scenario may drop a signature; a partial one
                // (seen: `check --shard 1/2 --update-baseline` emptied the other shard's part)
                // only adds. Version-1 signatures can never match and are not kept.
                var kept = 0
                if selectsSomeScenarios || !report.everyScenarioFinished,
                    let old = inputs.baseline, old.signatureVersion == Baseline.currentSignatureVersion
                {
                    kept = old.signatures.subtracting(updated.signatures).count
                    updated.keeping(old)
                }
                try updated.write(to: baselinePath)
                report.compare(with: updated, path: baselinePath)
                if kept > 0 { report.baseline?.keptUnverifiedSignatures = kept }
            } else if let baseline = inputs.baseline {
                report.compare(with: baseline, path: baselinePath)
            }
        }
        return report
    }

    /// Writes every format as one set; throws `ReportWriterError`.
    public func write(_ report: RunReport) throws {
        try ReportWriter(directory: outputDirectory, formats: formats).write(report)
    }
}
