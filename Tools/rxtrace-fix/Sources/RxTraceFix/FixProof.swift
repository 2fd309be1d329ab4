import Foundation

/// Runs `rxtrace test` on the scratch copy for exactly the tests a finding appeared in,
/// and judges the candidate: verified when that finding is gone, no new finding appeared, and
/// every re-run test ended as it did before.
public struct FixProof {
    public var rxtrace: String
    /// Arguments given to every `rxtrace test` run (`--timeout 30`, `--strict`…).
    public var extraArguments: [String]

    public init(rxtrace: String, extraArguments: [String]) {
        self.rxtrace = rxtrace
        self.extraArguments = extraArguments
    }

    /// `--filter` for exactly these tests: each name escaped, the whole name anchored. The filter
    /// matches a test's name without its argument case (`screenByArgument(leaks:) [true]` is
    /// selected as `screenByArgument(leaks:)`, so its other cases run too).
    public static func testFilter(_ tests: [String]) -> String {
        var names: [String] = []
        for test in tests.map(testName) where !names.contains(test) { names.append(test) }
        return "^(" + names.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|") + ")$"
    }

    /// `Module.Suite/function(a:)` for `Module.Suite/function(a:) [case]`.
    static func testName(_ reported: String) -> String {
        guard reported.hasSuffix("]"), let open = reported.range(of: ") [") else { return reported }
        return String(reported[..<reported.index(after: open.lowerBound)])
    }

    /// Runs the tests (all of them for nil) in `package`; the report, or why there is none (the
    /// build failed).
    public func run(tests: [String]?, in package: URL, output: URL) throws -> Result<TraceReport, FixToolError> {
        var arguments = ["test", "--package-path", package.path]
        if let tests { arguments += ["--filter", Self.testFilter(tests)] }
        arguments += ["--output", output.path, "--no-color"] + extraArguments
        let result = try Command.run(rxtrace, arguments, in: package)
        let reportFile = output.appendingPathComponent("rxtrace.json")
        guard [0, 1, 3].contains(result.status), let report = try? TraceReport.read(reportFile) else {
            return .failure(FixToolError(Self.firstError(in: result.output) ?? "rxtrace exited \(result.status)"))
        }
        return .success(report)
    }

    /// The compiler's first error line, which says why the copy does not build.
    static func firstError(in output: String) -> String? {
        output.split(separator: "\n").first { $0.contains("error:") }.map {
            String($0.trimmingCharacters(in: .whitespaces).prefix(300))
        }
    }

    /// The verdict on `candidate` from the re-run `after`, against the original report `before`.
    public static func judge(
        _ candidate: FixCandidate,
        patch: SourcePatch,
        before: TraceReport,
        after: TraceReport,
        packageRelative: (String) -> String
    ) -> (verified: Bool, reason: String?) {
        let rerun = Dictionary(after.scenarios.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let original = Dictionary(before.scenarios.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var reasons: [String] = []
        var stillThere: [String] = []
        var newFindings: [String] = []
        for test in candidate.tests {
            guard let entry = rerun[test] else {
                reasons.append("test did not run: \(test)")
                continue
            }
            let known = Set(original[test]?.findings.map(\.signature) ?? [])
            for finding in entry.findings where finding.isActionable {
                let site = finding.callSite.map { (packageRelative($0.file), $0.line) }
                // Its signature hashes the call-site line's text, which the patch changed: the same
                // finding now has another signature, at the patched statement's lines.
                if candidate.signatures.contains(finding.signature)
                    || (site?.0 == candidate.file && site.map { patch.statementLines.contains($0.1) } == true)
                {
                    stillThere.append(finding.retentionReason ?? finding.kind)
                } else if !known.contains(finding.signature) {
                    let place = site.map { "\($0.0):\($0.1)" } ?? "no call site"
                    newFindings.append("\(finding.kind) at \(place) in \(test)")
                }
            }
            let was = original[test]?.outcome ?? "passed"
            if entry.outcome != was {
                reasons.append("test now \(entry.outcome == "failed" ? "fails" : entry.outcome) (was \(was)): \(test)")
            }
        }
        if !stillThere.isEmpty {
            let why = Set(stillThere).sorted().joined(separator: "; ")
            reasons.insert("still leaks: the finding is still reported after the change (\(why))", at: 0)
        }
        if !newFindings.isEmpty { reasons.append("new finding: " + newFindings.joined(separator: "; ")) }
        return (reasons.isEmpty, reasons.isEmpty ? nil : reasons.joined(separator: "; "))
    }
}
