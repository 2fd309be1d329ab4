import Foundation
import Testing

@testable import RxTraceFix

/// How a re-run is judged, and which tests it selects.
@Suite struct FixProofTests {
    static let source = """
        final class Screen {
            private let disposeBag = DisposeBag()
            func start() {
                _ = updates.subscribe(onNext: { [weak self] in self?.show($0) })
            }
        }
        """

    @Test func theFilterSelectsExactlyTheTestsAndAParameterizedTestByItsName() throws {
        let filter = FixProof.testFilter([
            "App.ScreenTests/testA", "App.Suite/run(leaks:) [true]", "App.Suite/run(leaks:) [false]",
        ])
        let expression = try NSRegularExpression(pattern: filter)
        func selects(_ name: String) -> Bool {
            expression.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
        }
        #expect(selects("App.ScreenTests/testA"))
        #expect(selects("App.Suite/run(leaks:)"))
        #expect(!selects("App.ScreenTests/testAB"))
        #expect(!selects("App.ScreenTests/testA2"))
        #expect(!selects("Other.App.ScreenTests/testA"))
    }

    @Test func verifiedWhenTheFindingIsGoneAndEveryTestEndsAsBefore() throws {
        let (candidate, patch) = try Self.candidate()
        let before = try report(["App.T/testA": ("passed", [("sig1", "Sources/App/Screen.swift", 4)])])
        let after = try report(["App.T/testA": ("passed", [])])
        let verdict = FixProof.judge(candidate, patch: patch, before: before, after: after) { $0 }
        #expect(verdict.verified)
        #expect(verdict.reason == nil)
    }

    @Test func stillLeaksWhenAFindingRemainsAtThePatchedStatementUnderANewSignature() throws {
        let (candidate, patch) = try Self.candidate()
        let before = try report(["App.T/testA": ("passed", [("sig1", "Sources/App/Screen.swift", 4)])])
        let after = try report(["App.T/testA": ("passed", [("sig9", "Copy/Sources/App/Screen.swift", 4)])])
        let verdict = FixProof.judge(candidate, patch: patch, before: before, after: after) {
            $0.replacingOccurrences(of: "Copy/", with: "")
        }
        #expect(!verdict.verified)
        #expect(verdict.reason?.hasPrefix("still leaks") == true)
    }

    @Test func aNewFindingOrAFailingTestIsNotVerified() throws {
        let (candidate, patch) = try Self.candidate()
        let before = try report(["App.T/testA": ("passed", [("sig1", "Sources/App/Screen.swift", 4)])])
        let newFinding = try report(["App.T/testA": ("passed", [("sig2", "Sources/App/Other.swift", 9)])])
        let judged = FixProof.judge(candidate, patch: patch, before: before, after: newFinding) { $0 }
        #expect(judged.reason == "new finding: leakedSubscription at Sources/App/Other.swift:9 in App.T/testA")
        let failing = try report(["App.T/testA": ("failed", [])])
        let failed = FixProof.judge(candidate, patch: patch, before: before, after: failing) { $0 }
        #expect(failed.reason == "test now fails (was passed): App.T/testA")
        let missing = FixProof.judge(candidate, patch: patch, before: before, after: try report([:])) { $0 }
        #expect(missing.reason == "test did not run: App.T/testA")
    }

    @Test func aBuildThatFailsGivesTheCompilersFirstError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proof-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = folder.appendingPathComponent("rxtrace")
        let script = """
            #!/bin/sh
            echo "Building for debugging..."
            echo "/pkg/Sources/App/Screen.swift:4:58: error: cannot find 'disposeBag' in scope"
            echo "/pkg/Sources/App/Other.swift:9:1: error: later error"
            exit 2
            """
        try Data(script.utf8).write(to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let proof = FixProof(rxtrace: fake.path, extraArguments: [])
        let result = try proof.run(tests: ["App.T/testA"], in: folder, output: folder.appendingPathComponent("out"))
        guard case .failure(let error) = result else {
            Issue.record("a failed build gave a report")
            return
        }
        #expect(error.description == "/pkg/Sources/App/Screen.swift:4:58: error: cannot find 'disposeBag' in scope")
    }

    static func candidate() throws -> (FixCandidate, SourcePatch) {
        let outcome = SourceFixer.fix(source: source, line: 4, kind: "leakedSubscription")
        guard case .patched(let patch) = outcome else { throw NoPatchError(reason: "\(outcome)") }
        let candidate = FixCandidate(
            signatures: ["sig1"],
            kinds: ["leakedSubscription"],
            file: "Sources/App/Screen.swift",
            line: 4,
            tests: ["App.T/testA"],
            original: source,
            outcome: outcome
        )
        return (candidate, patch)
    }
}

/// A report of `rxtrace test` with these tests: result and findings (signature, file, line).
func report(_ tests: [String: (result: String, findings: [(String, String, Int)])]) throws -> TraceReport {
    let scenarios: [[String: Any]] = tests.keys.sorted().map { name in
        let test = tests[name]!
        return [
            "name": name,
            "status": ["state": test.findings.isEmpty ? "clean" : "leaked"],
            "testOutcome": ["result": test.result],
            "findings": test.findings.map { signature, file, line in
                ["signature": signature, "kind": "leakedSubscription", "callSite": ["file": file, "line": line]]
            },
        ]
    }
    let data = try JSONSerialization.data(withJSONObject: ["subject": "tests", "scenarios": scenarios])
    return try JSONDecoder().decode(TraceReport.self, from: data)
}
