import Foundation

/// Merges saved reports into one, for CI shards (`rxtrace check --shard i/n` writes one JSON
/// per shard) and for `rxtrace report <json>…`.
public enum ReportMerger {
    /// Scenarios in input order; suppression rules merged by rule with their match counts
    /// summed; baseline comparisons summed (absent signatures are those no shard saw);
    /// `generatedAt` the latest; tool and host from the first report.
    public static func merge(_ reports: [RunReport]) throws -> RunReport {
        guard var merged = reports.first else { throw ReportMergeError.nothingToMerge }
        var seenNames = Set(merged.scenarios.map(\.name))
        for report in reports.dropFirst() {
            for scenario in report.scenarios {
                guard seenNames.insert(scenario.name).inserted else {
                    throw ReportMergeError.duplicateScenario(name: scenario.name, noun: merged.subject.noun)
                }
                merged.scenarios.append(scenario)
            }
            merged.generatedAt = max(merged.generatedAt, report.generatedAt)
            for usage in report.suppressions {
                if let index = merged.suppressions.firstIndex(where: { $0.rule == usage.rule }) {
                    merged.suppressions[index].matchedFindings += usage.matchedFindings
                } else {
                    merged.suppressions.append(usage)
                }
            }
            merged.baseline = mergeBaselines(merged.baseline, report.baseline)
            if let interruption = report.interruption {
                merged.interruption = RunInterruption(
                    signal: merged.interruption?.signal ?? interruption.signal,
                    unfinishedScenarios: (merged.interruption?.unfinishedScenarios ?? [])
                        + interruption.unfinishedScenarios
                )
            }
        }
        // A scenario an interrupted shard did not finish may have finished in another report
        // (the interrupted part run again): it is then not unfinished in the merged report, and
        // a merge that accounts for every scenario is not an interrupted run.
        if let interruption = merged.interruption {
            var unfinished: [String] = []
            for name in interruption.unfinishedScenarios where !seenNames.contains(name) && !unfinished.contains(name) {
                unfinished.append(name)
            }
            merged.interruption =
                unfinished.isEmpty ? nil : RunInterruption(signal: interruption.signal, unfinishedScenarios: unfinished)
        }
        merged.schemaVersion = ReportSchema.currentVersion
        return merged
    }

    /// Loads and merges the JSON reports at `paths`.
    public static func merge(paths: [String]) throws -> RunReport {
        try merge(paths.map { try JSONReportCoding.load(from: $0) })
    }

    private static func mergeBaselines(_ a: BaselineInfo?, _ b: BaselineInfo?) -> BaselineInfo? {
        guard let a else { return b }
        guard let b else { return a }
        var merged = BaselineInfo(
            path: a.path,
            signatureCount: max(a.signatureCount, b.signatureCount),
            knownFindings: a.knownFindings + b.knownFindings,
            newFindings: a.newFindings + b.newFindings,
            absentSignatures: Set(a.absentSignatures).intersection(b.absentSignatures).sorted(),
            signatureVersion: a.signatureVersion ?? b.signatureVersion
        )
        // Each shard updated the same file; the largest count kept is the one that stands.
        let kept = [a.keptUnverifiedSignatures, b.keptUnverifiedSignatures].compactMap { $0 }
        merged.keptUnverifiedSignatures = kept.max()
        return merged
    }
}

/// Reports that cannot be merged (CLI exit code 2).
public enum ReportMergeError: Error, Equatable, CustomStringConvertible {
    case nothingToMerge
    /// `noun` is "scenario" or "test", what the reports' entries are.
    case duplicateScenario(name: String, noun: String = "scenario")

    public var description: String {
        switch self {
        case .nothingToMerge: return "no reports to merge"
        case .duplicateScenario(let name, let noun):
            return "\(noun) '\(name)' appears in more than one report; shards must not overlap"
        }
    }
}
