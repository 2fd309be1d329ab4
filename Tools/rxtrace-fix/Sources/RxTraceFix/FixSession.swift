import Foundation

/// One `rxtrace-fix` run: a patch for each finding whose fix is mechanical, proven on a scratch
/// copy, then the outputs (a diff per finding, `rxtrace.patch`, `rxtrace-fix.json`) and, with
/// `--apply`, the verified changes in the working tree and one re-check of the whole suite.
public struct FixSession {
    public var options: FixOptions
    public var log: (String) -> Void

    public init(options: FixOptions, log: @escaping (String) -> Void) {
        self.options = options
        self.log = log
    }

    /// What the run found, for the exit code: 0 when every finding got a verified patch (and,
    /// with `--apply`, the re-check agreed), 1 otherwise.
    public struct Summary {
        public var verdicts: [FixVerdict]
        public var recheckPassed: Bool?
        public var exitCode: Int32 {
            verdicts.allSatisfy(\.verified) && recheckPassed != false ? 0 : 1
        }
    }

    public func run() throws -> Summary {
        let report: TraceReport
        do {
            report = try TraceReport.read(options.report)
        } catch {
            throw FixToolError("cannot read \(options.report.path) as an rxtrace report: \(error)")
        }
        let files = PackageFiles(root: options.packagePath)
        let candidates = try Self.candidates(in: report, files: files)
        try FileManager.default.createDirectory(at: options.output, withIntermediateDirectories: true)
        let fixes = options.output.appendingPathComponent("fixes")
        try? FileManager.default.removeItem(at: fixes)
        try FileManager.default.createDirectory(at: fixes, withIntermediateDirectories: true)

        var verdicts: [FixVerdict] = []
        var verified: [FixCandidate] = []
        let patched = candidates.filter { $0.patch != nil }
        var scratch: ScratchPackage?
        if !patched.isEmpty, report.isTestRun {
            log("rxtrace-fix: \(patched.count) of \(candidates.count) findings have a patch; proving each on a copy")
            scratch = try ScratchPackage(original: options.packagePath, copy: options.scratch)
        }
        defer { if !options.keepScratch { scratch?.remove() } }
        let proof = FixProof(rxtrace: options.rxtrace, extraArguments: options.rxtraceArguments)
        for (number, candidate) in candidates.enumerated() {
            var verdict = FixVerdict(
                signatures: candidate.signatures,
                kinds: candidate.kinds,
                callSite: "\(candidate.file):\(candidate.line)",
                tests: candidate.tests,
                verified: false,
                changes: []
            )
            switch candidate.outcome {
            case .noPatch(let reason):
                verdict.reason = "no patch: \(reason)"
            case .patched(let patch):
                let diffName =
                    String(format: "%02d-", number + 1) + (candidate.file as NSString).lastPathComponent
                    + "-\(candidate.line).diff"
                let diff = try UnifiedDiff.make(path: candidate.file, old: candidate.original, new: patch.source)
                try Data(diff.utf8).write(to: fixes.appendingPathComponent(diffName), options: .atomic)
                verdict.diff = "fixes/\(diffName)"
                verdict.unifiedDiff = diff
                verdict.replacements = FixReplacement.of(patch, file: candidate.file)
                verdict.changes = patch.classes.map(\.rawValue)
                verdict.summary = patch.summary
                if !report.isTestRun {
                    verdict.reason =
                        "not proven: only `rxtrace test` reports are re-run (a scenario of `run`/`check` is built into the binary that runs it)"
                } else if let scratch {
                    let judged = try prove(candidate, patch, proof: proof, on: scratch, before: report, number: number)
                    verdict.verified = judged.verified
                    verdict.reason = judged.reason
                }
                if verdict.verified { verified.append(candidate) }
            }
            log(Self.line(verdict))
            verdicts.append(verdict)
        }
        let combined = try Self.combined(verified)
        let patchFile = options.output.appendingPathComponent("rxtrace.patch")
        try? FileManager.default.removeItem(at: patchFile)
        if !combined.isEmpty {
            let text = try combined.map { try UnifiedDiff.make(path: $0.file, old: $0.old, new: $0.new) }.joined()
            try Data(text.utf8).write(to: patchFile, options: .atomic)
        }
        try writeJSON(verdicts)
        let count = verdicts.filter(\.verified).count
        log(
            "rxtrace-fix: \(count) verified, \(verdicts.count - count) not verified"
                + (combined.isEmpty
                    ? "; no rxtrace.patch" : "; \(patchFile.path) (git apply it in \(options.packagePath.path))")
        )
        var summary = Summary(verdicts: verdicts, recheckPassed: nil)
        if options.apply, !combined.isEmpty {
            summary.recheckPassed = try FixApplication(options: options, log: log).apply(
                combined,
                verified: verified,
                before: report
            )
        }
        return summary
    }

    /// Applies one candidate on the copy, re-runs its tests, puts the file back, and judges.
    func prove(
        _ candidate: FixCandidate,
        _ patch: SourcePatch,
        proof: FixProof,
        on scratch: ScratchPackage,
        before: TraceReport,
        number: Int
    ) throws -> (verified: Bool, reason: String?) {
        try scratch.write(patch.source, to: candidate.file)
        defer { try? scratch.write(candidate.original, to: candidate.file) }
        let output = options.output.appendingPathComponent("runs/\(String(format: "%02d", number + 1))")
        try? FileManager.default.removeItem(at: output)
        let started = Date()
        let result = try proof.run(tests: candidate.tests, in: scratch.copy, output: output)
        log(
            String(
                format: "rxtrace-fix: proved %@ in %.0f s",
                "\(candidate.file):\(candidate.line)",
                Date().timeIntervalSince(started)
            )
        )
        switch result {
        case .failure(let error):
            return (false, "does not compile: \(error.description)")
        case .success(let after):
            let copyFiles = PackageFiles(root: scratch.copy)
            return FixProof.judge(candidate, patch: patch, before: before, after: after) {
                copyFiles.relative($0) ?? $0
            }
        }
    }

    /// One candidate per call site (per signature for a finding without one), over every test
    /// where its findings appeared, in report order.
    static func candidates(in report: TraceReport, files: PackageFiles) throws -> [FixCandidate] {
        var order: [String] = []
        var groups: [String: (findings: [TraceReport.Finding], tests: [String])] = [:]
        for entry in report.scenarios {
            for finding in entry.findings where finding.isActionable {
                let key = finding.callSite.map { "\($0.file):\($0.line)" } ?? finding.signature
                if groups[key] == nil {
                    order.append(key)
                    groups[key] = ([], [])
                }
                if groups[key]?.findings.contains(where: { $0.signature == finding.signature }) == false {
                    groups[key]?.findings.append(finding)
                }
                if groups[key]?.tests.contains(entry.name) == false { groups[key]?.tests.append(entry.name) }
            }
        }
        return order.compactMap { groups[$0] }.map { findings, tests in
            let site = findings[0].callSite
            var candidate = FixCandidate(
                signatures: findings.map(\.signature),
                kinds: findings.map(\.kind),
                file: site?.file ?? "",
                line: site?.line ?? 0,
                tests: tests,
                original: "",
                outcome: .noPatch(reason: "the finding has no call site in the source")
            )
            guard let site else { return candidate }
            guard let relative = files.relative(site.file), let source = try? files.read(relative) else {
                candidate.outcome = .noPatch(reason: "the call site \(site.file) is not a file of this package")
                return candidate
            }
            candidate.file = relative
            candidate.original = source
            candidate.outcome = SourceFixer.fix(source: source, line: site.line, kind: candidate.fixKind)
            return candidate
        }
    }

    /// Every verified change, file by file, each made on top of the ones before it (its line
    /// carried through their edits), so that two fixes in one file make one diff.
    public static func combined(_ verified: [FixCandidate]) throws -> [FileChange] {
        var changes: [FileChange] = []
        for file in verified.map(\.file).reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
            let inFile = verified.filter { $0.file == file }
            guard let original = inFile.first?.original else { continue }
            var current = original
            var applied: [SourcePatch] = []
            for candidate in inFile {
                let line = applied.reduce(candidate.line) { $1.mappedLine($0) }
                guard case .patched(let patch) = SourceFixer.fix(source: current, line: line, kind: candidate.fixKind)
                else {
                    throw FixToolError(
                        "the verified fix at \(file):\(candidate.line) no longer applies after the others"
                    )
                }
                current = patch.source
                applied.append(patch)
            }
            changes.append(FileChange(file: file, old: original, new: current))
        }
        return changes
    }

    func writeJSON(_ verdicts: [FixVerdict]) throws {
        struct Output: Encodable {
            var verified: Int
            var notVerified: Int
            var fixes: [FixVerdict]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let count = verdicts.filter(\.verified).count
        let data = try encoder.encode(Output(verified: count, notVerified: verdicts.count - count, fixes: verdicts))
        try data.write(to: options.output.appendingPathComponent("rxtrace-fix.json"), options: .atomic)
    }

    /// `verified      Sources/Feed/FeedScreen.swift:15  leakedSubscription: <summary>`
    static func line(_ verdict: FixVerdict) -> String {
        let mark = verdict.verified ? "verified    " : "not verified"
        let why = verdict.verified ? (verdict.summary ?? "") : (verdict.reason ?? "")
        return "\(mark)  \(verdict.callSite)  \(verdict.kinds.joined(separator: ", ")): \(why)"
    }
}

/// One file's text before and after every verified change in it.
public struct FileChange: Sendable {
    public var file: String
    public var old: String
    public var new: String
}
