import Foundation

/// A baseline: the finding signatures a team has accepted for now. With a baseline, only
/// findings whose signature it lacks are new, and only new findings fail a run.
///
/// File format: `{"signatureVersion": 2, "entries": [...]}`, one `BaselineEntry` per signature
/// (its chain, call site and the tests or scenarios it was seen in beside it), sorted by
/// signature, so a diff of the file reads as the list of accepted and dropped findings. Still
/// read: `{"signatureVersion": 2, "signatures": [...]}` (before entries), and a plain JSON array of
/// signatures, a version-1 file (line-based signatures, before report schema 2), whose
/// signatures cannot match: the text report says to rewrite it with `--update-baseline`.
public struct Baseline: Equatable, Sendable {
    /// The signature definition this build writes (`LeakSignature`, report schema 2).
    public static let currentSignatureVersion = 2

    public var signatures: Set<String>
    public var signatureVersion: Int
    /// What each signature stood for when it was accepted, by signature; none for a file written
    /// before entries carried it.
    public var entries: [String: BaselineEntry]

    public init(
        signatures: Set<String>,
        signatureVersion: Int = Baseline.currentSignatureVersion,
        entries: [String: BaselineEntry] = [:]
    ) {
        self.signatures = signatures
        self.signatureVersion = signatureVersion
        self.entries = entries
    }

    private struct File: Codable {
        var signatureVersion: Int
        var entries: [BaselineEntry]?
        /// Files written before entries.
        var signatures: [String]?
    }

    /// The baseline of a run: every unsuppressed finding's signature (what
    /// `--update-baseline` writes), each with where it was seen.
    public init(report: RunReport) {
        var entries: [String: BaselineEntry] = [:]
        for scenario in report.scenarios {
            for finding in scenario.findings where finding.suppressedBy == nil {
                let entry = BaselineEntry(finding, in: scenario)
                entries[finding.signature] = entries[finding.signature].map { $0.merging(entry) } ?? entry
            }
        }
        self.init(signatures: Set(entries.keys), entries: entries)
    }

    /// Adds `old`'s signatures, for an update from a run that did not measure everything: the
    /// ones this run did not see keep their old entry, the ones it saw list where both saw them.
    public mutating func keeping(_ old: Baseline) {
        signatures.formUnion(old.signatures)
        for (signature, entry) in old.entries {
            entries[signature] = entries[signature].map { $0.merging(entry) } ?? entry
        }
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        encoder.outputFormatting.insert(.sortedKeys)
        let sorted = signatures.sorted().map { entries[$0] ?? BaselineEntry(signature: $0) }
        let file = File(signatureVersion: signatureVersion, entries: sorted)
        var data = (try? encoder.encode(file)) ?? Data("{}".utf8)
        data.append(0x0A)
        return data
    }

    public static func decode(_ data: Data, path: String) throws -> Baseline {
        var problem: Error?
        do {
            let file = try JSONDecoder().decode(File.self, from: data)
            if let entries = file.entries {
                return Baseline(
                    signatures: Set(entries.map(\.signature)),
                    signatureVersion: file.signatureVersion,
                    entries: Dictionary(entries.map { ($0.signature, $0) }, uniquingKeysWith: { $0.merging($1) })
                )
            }
            if let signatures = file.signatures {
                return Baseline(signatures: Set(signatures), signatureVersion: file.signatureVersion)
            }
        } catch {
            problem = error
        }
        if let signatures = try? JSONDecoder().decode([String].self, from: data) {
            return Baseline(signatures: Set(signatures), signatureVersion: 1)
        }
        // Where it breaks: the current format's first misfit (a version-1 array that breaks is
        // rarer than a hand-edited object). JSON syntax errors have no place: JSONDecoder gives
        // none on Linux.
        let place = problem.flatMap(misfit)
        throw BaselineError.invalid(
            path: path,
            reason: "expected {\"signatureVersion\": N, \"entries\": [...]} or a JSON array of signature strings"
                + (place.map { "; \(OneLineText.escaping($0))" } ?? "")
        )
    }

    /// What in a JSON file's shape the decoder refused, and where.
    private static func misfit(_ problem: Error) -> String? {
        switch problem {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return ReportInputError.describe(context)
        case DecodingError.keyNotFound(let key, _): return "no '\(key.stringValue)'"
        default: return nil
        }
    }

    public static func load(path: String) throws -> Baseline {
        let data: Data
        do {
            data = try FileReading.read(path)
        } catch let failure as FileReading.Failure {
            throw BaselineError.unreadable(path: path, reason: failure.reason)
        }
        return try decode(data, path: path)
    }

    /// Writes the baseline atomically (temporary file in the same folder, then rename).
    public func write(to path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try AtomicFile.write(encoded(), to: url)
        } catch let error as AtomicFile.Failure {
            throw BaselineError.unwritable(path: path, reason: error.reason)
        }
    }
}

/// A baseline file that cannot be used (CLI exit code 2).
public enum BaselineError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    /// `--baseline FILE` without `--update-baseline` for a file that does not exist yet.
    case missing(path: String)
    case invalid(path: String, reason: String)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read baseline '\(path)': \(reason)"
        case .missing(let path):
            return "baseline '\(path)' does not exist; to create it from this run's findings, add --update-baseline"
        case .invalid(let path, let reason): return "baseline '\(path)' is malformed: \(reason)"
        case .unwritable(let path, let reason): return "cannot write baseline '\(path)': \(reason)"
        }
    }
}

extension RunReport {
    /// Marks each unsuppressed finding new or known, and records the comparison in
    /// `baseline`. Suppressed findings are left unmarked: they never fail anyway.
    public mutating func compare(with baseline: Baseline, path: String) {
        var known = 0
        var new = 0
        var seen = Set<String>()
        for s in scenarios.indices {
            for f in scenarios[s].findings.indices {
                let finding = scenarios[s].findings[f]
                seen.insert(finding.signature)
                guard finding.suppressedBy == nil else {
                    scenarios[s].findings[f].isNew = nil
                    continue
                }
                let isNew = !baseline.signatures.contains(finding.signature)
                scenarios[s].findings[f].isNew = isNew
                if isNew { new += 1 } else { known += 1 }
            }
        }
        self.baseline = BaselineInfo(
            path: path,
            signatureCount: baseline.signatures.count,
            knownFindings: known,
            newFindings: new,
            absentSignatures: baseline.signatures.subtracting(seen).sorted(),
            signatureVersion: baseline.signatureVersion
        )
    }
}
