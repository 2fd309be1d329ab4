import Foundation

/// `--apply`: the verified changes written into the working tree (never over a file with
/// uncommitted changes unless `--force`), then the whole suite re-checked once with all of them.
struct FixApplication {
    var options: FixOptions
    var log: (String) -> Void

    /// Whether the re-check agreed: none of the fixed findings and no new one, every test ending
    /// as it did in the report.
    func apply(_ changes: [FileChange], verified: [FixCandidate], before: TraceReport) throws -> Bool {
        var written: [FileChange] = []
        for change in changes {
            if !options.force, let dirty = try uncommittedChanges(change.file) {
                log(
                    "rxtrace-fix: not applied to \(change.file): it has uncommitted changes (\(dirty)); --force overrides"
                )
                continue
            }
            let url = options.packagePath.appendingPathComponent(change.file)
            guard (try? String(contentsOf: url, encoding: .utf8)) == change.old else {
                log("rxtrace-fix: not applied to \(change.file): it changed since the report")
                continue
            }
            try Data(change.new.utf8).write(to: url, options: .atomic)
            written.append(change)
            log("rxtrace-fix: applied to \(change.file)")
        }
        guard !written.isEmpty else { return false }
        let output = options.output.appendingPathComponent("recheck")
        try? FileManager.default.removeItem(at: output)
        let proof = FixProof(rxtrace: options.rxtrace, extraArguments: options.rxtraceArguments)
        let result = try proof.run(tests: nil, in: options.packagePath, output: output)
        guard case .success(let after) = result else {
            log("rxtrace-fix: re-check failed: the package does not build with the changes: \(result)")
            return false
        }
        let fixed = Self.fixedSignatures(verified, written: Set(written.map(\.file)))
        let problems = Self.problems(after: after, before: before, fixed: fixed)
        for problem in problems { log("rxtrace-fix: re-check: \(problem)") }
        let applied =
            written.count == changes.count
            ? "every change applied" : "\(written.count) of \(changes.count) changed files written"
        if problems.isEmpty { log("rxtrace-fix: re-check of the whole suite with \(applied): as verified") }
        return problems.isEmpty && written.count == changes.count
    }

    /// The findings the written changes should have cleared: those of verified candidates whose
    /// file was written. A file left alone (uncommitted changes) keeps its findings, and the
    /// re-check must not call them new or unfixed.
    static func fixedSignatures(_ verified: [FixCandidate], written: Set<String>) -> Set<String> {
        Set(verified.filter { written.contains($0.file) }.flatMap(\.signatures))
    }

    /// What the re-check shows that the verified changes should have ruled out.
    static func problems(after: TraceReport, before: TraceReport, fixed: Set<String>) -> [String] {
        let original = Dictionary(before.scenarios.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [String] = []
        for entry in after.scenarios {
            guard let was = original[entry.name] else { continue }
            if entry.outcome != was.outcome {
                problems.append("\(entry.name) now \(entry.outcome) (was \(was.outcome))")
            }
            let known = Set(was.findings.map(\.signature)).subtracting(fixed)
            for finding in entry.findings where finding.isActionable && !known.contains(finding.signature) {
                let place = finding.callSite.map { "\($0.file):\($0.line)" } ?? "no call site"
                problems.append("\(entry.name): \(finding.kind) at \(place)")
            }
        }
        return problems
    }

    /// `git status --porcelain` of the file, nil when clean or outside a git work tree.
    func uncommittedChanges(_ file: String) throws -> String? {
        let status = try Command.run(
            "/usr/bin/env",
            ["git", "-C", options.packagePath.path, "status", "--porcelain", "--", file]
        )
        let text = status.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return status.status == 0 && !text.isEmpty ? text : nil
    }
}
