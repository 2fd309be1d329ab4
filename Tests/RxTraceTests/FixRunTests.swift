import Foundation
import RxTrace
import RxTraceRunner
import XCTest

/// The CLI's side of `--fix`: the command line, where the fixer's sources are and how they are
/// copied for the build, and the fixer's verdicts put on the report's findings and cycles.
final class FixRunTests: XCTestCase {
    func testABareFixIsSpelledOutAndTheBuildArgumentsAreLeftAlone() {
        XCTAssertEqual(
            FixMode.spellingOutBareFix(["test", "--fix", "--filter", "A", "--", "--fix"]),
            ["test", "--fix=propose", "--filter", "A", "--", "--fix"]
        )
        XCTAssertEqual(FixMode.spellingOutBareFix(["test", "--fix=apply"]), ["test", "--fix=apply"])
    }

    /// The sources recorded at compile time are this repository's fixer; the environment
    /// overrides them and the build folder, which is under the user's `.build` by default.
    func testTheFixerIsFoundWhereRxtraceWasCompiledOrWhereTheEnvironmentSays() {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let package = URL(fileURLWithPath: "/work/app")
        let compiled = FixerTool(package: package, environment: [:])
        XCTAssertEqual(
            compiled.sources.standardizedFileURL.path,
            repository.appendingPathComponent("Tools/rxtrace-fix").path
        )
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: compiled.sources.appendingPathComponent("Package.swift").path)
        )
        XCTAssertEqual(compiled.buildFolder.path, "/work/app/.build/rxtrace-fix")
        XCTAssertEqual(compiled.executable.path, "/work/app/.build/rxtrace-fix/build/debug/rxtrace-fix")

        let overridden = FixerTool(
            package: package,
            environment: ["RXTRACE_FIX_PACKAGE": "/opt/rxtrace/Tools/rxtrace-fix", "RXTRACE_FIX_BUILD": "/tmp/fixer"]
        )
        XCTAssertEqual(overridden.sources.path, "/opt/rxtrace/Tools/rxtrace-fix")
        XCTAssertEqual(overridden.copy.path, "/tmp/fixer/package")
    }

    /// The sources are copied out of rxtrace's tree (a checkout may be read-only); a second
    /// copy rewrites nothing, so the fixer's build stays incremental, and a change is seen.
    func testTheSourcesAreCopiedOnlyWhenTheyChanged() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-fixer-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let sources = scratch.appendingPathComponent("fixer")
        try FileManager.default.createDirectory(
            at: sources.appendingPathComponent("Sources/Fix"),
            withIntermediateDirectories: true
        )
        try Data("// manifest\n".utf8).write(to: sources.appendingPathComponent("Package.swift"))
        try Data("let a = 1\n".utf8).write(to: sources.appendingPathComponent("Sources/Fix/A.swift"))
        // The manifest names a test target: without its folder the copy would not build.
        try FileManager.default.createDirectory(
            at: sources.appendingPathComponent("Tests/FixTests"),
            withIntermediateDirectories: true
        )
        try Data("// a test\n".utf8).write(to: sources.appendingPathComponent("Tests/FixTests/T.swift"))
        let tool = FixerTool(
            package: scratch,
            environment: [
                "RXTRACE_FIX_PACKAGE": sources.path, "RXTRACE_FIX_BUILD": scratch.appendingPathComponent("b").path,
            ]
        )
        XCTAssertTrue(try tool.copySources())
        let copied = tool.copy.appendingPathComponent("Sources/Fix/A.swift")
        XCTAssertEqual(try String(contentsOf: copied, encoding: .utf8), "let a = 1\n")
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: tool.copy.appendingPathComponent("Tests/FixTests/T.swift").path)
        )
        let firstTime = try FileManager.default.attributesOfItem(atPath: copied.path)[.modificationDate] as? Date
        XCTAssertFalse(try tool.copySources(), "nothing changed")
        XCTAssertEqual(
            try FileManager.default.attributesOfItem(atPath: copied.path)[.modificationDate] as? Date,
            firstTime
        )
        try Data("let a = 2\n".utf8).write(to: sources.appendingPathComponent("Sources/Fix/A.swift"))
        XCTAssertTrue(try tool.copySources())
        XCTAssertEqual(try String(contentsOf: copied, encoding: .utf8), "let a = 2\n")
        try FileManager.default.removeItem(at: sources.appendingPathComponent("Tests/FixTests/T.swift"))
        XCTAssertTrue(try tool.copySources(), "a file gone from the sources goes from the copy")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: tool.copy.appendingPathComponent("Tests/FixTests/T.swift").path)
        )
    }

    func testMissingSourcesAreOneLine() {
        let tool = FixerTool(
            package: URL(fileURLWithPath: "/work/app"),
            environment: ["RXTRACE_FIX_PACKAGE": "/nowhere"]
        )
        XCTAssertThrowsError(try tool.checkAvailable()) { error in
            XCTAssertEqual(
                "\(error)",
                "--fix needs rxtrace-fix's sources, and there are none at /nowhere: set RXTRACE_FIX_PACKAGE to rxtrace's Tools/rxtrace-fix"
            )
        }
    }

    /// Each verdict goes on every finding (and the cycle) with one of its signatures; a finding
    /// the fixer did not judge (suppressed, in the baseline) gets none.
    func testVerdictsAnnotateTheFindingsAndCyclesOfTheirSignatures() throws {
        let json = """
            {"verified": 1, "notVerified": 1, "fixes": [
              {"signatures": ["sig-a", "sig-cycle"], "kinds": ["leakedSubscription", "referenceCycle"],
               "callSite": "Sources/App/Feed.swift:42", "tests": ["App.T/testA"], "verified": true,
               "changes": ["weakSelfCapture"], "summary": "`[weak self]`", "diff": "fixes/01-Feed.swift-42.diff",
               "unifiedDiff": "--- a/Sources/App/Feed.swift\\n+++ b/Sources/App/Feed.swift\\n",
               "replacements": [{"file": "Sources/App/Feed.swift", "startLine": 42, "startColumn": 40,
                                 "endLine": 42, "endColumn": 40, "text": "[weak self] "}]},
              {"signatures": ["sig-b"], "kinds": ["leakedSubscription"], "callSite": "Sources/App/Feed.swift:50",
               "tests": ["App.T/testB"], "verified": false, "reason": "still leaks: …", "changes": []}
            ]}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-fix-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(json.utf8).write(to: url)
        var scenario = ReportFixtures.leakyScenario
        scenario.findings = [
            ReportFixtures.leak(signature: "sig-a"), ReportFixtures.leak(signature: "sig-cycle", kind: .referenceCycle),
            ReportFixtures.leak(signature: "sig-b"), ReportFixtures.leak(signature: "sig-other"),
        ]
        scenario.cycles = [ReportCycle(signature: "sig-cycle", steps: [.init(typeName: "Feed")])]

        let report = try FixerVerdicts.read(url).annotating(ReportFixtures.run([scenario]))

        let findings = report.scenarios[0].findings
        XCTAssertEqual(findings.map { $0.patch?.verified }, [true, true, false, nil])
        XCTAssertEqual(
            findings[0].patch?.replacements,
            [
                .init(
                    file: "Sources/App/Feed.swift",
                    startLine: 42,
                    startColumn: 40,
                    endLine: 42,
                    endColumn: 40,
                    text: "[weak self] "
                )
            ]
        )
        XCTAssertEqual(findings[0].patch?.diff, "--- a/Sources/App/Feed.swift\n+++ b/Sources/App/Feed.swift\n")
        XCTAssertEqual(findings[2].patch?.reason, "still leaks: …")
        XCTAssertEqual(findings[2].patch?.replacements, [])
        XCTAssertEqual(report.scenarios[0].cycles[0].patch?.summary, "`[weak self]`")
    }
}
