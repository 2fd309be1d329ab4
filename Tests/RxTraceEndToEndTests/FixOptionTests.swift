#if TRACE_RESOURCES
import Foundation
import XCTest

/// `--fix` on the command line: a bad combination, or a fixer that cannot be had, is one line
/// and exit code 2 before anything runs (no test, no report).
final class FixOptionTests: XCTestCase {
    private func expectBadUsage(
        _ arguments: [String],
        environment: [String: String] = [:],
        saying expected: String,
        file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let scratch = try CLIHarness.temporaryFolder()
        let output = scratch.appendingPathComponent("reports")
        let result = try CLIHarness.start(
            "rxtrace",
            arguments + ["--output", output.path],
            in: scratch,
            environment: environment
        ).finish()
        XCTAssertEqual(result.exitCode, 2, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(expected), result.stderr, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "nothing ran", file: file, line: line)
    }

    func testForceWithoutApply() throws {
        try expectBadUsage(["test", "--fix", "--force"], saying: "--force only goes with --fix=apply")
        try expectBadUsage(["test", "--force"], saying: "--force only goes with --fix=apply")
    }

    func testFixWithUpdateBaseline() throws {
        try expectBadUsage(
            ["test", "--fix=apply", "--baseline", "b.json", "--update-baseline"],
            saying: "--fix and --update-baseline do not go together"
        )
    }

    func testAnUnknownFixMode() throws {
        try expectBadUsage(["test", "--fix=always"], saying: "'always'")
    }

    /// Scenarios are compiled into the runner: their patches can be written, never proven.
    func testCheckCannotApply() throws {
        try expectBadUsage(
            ["check", "--fix=apply"],
            saying: "check --fix=apply: a scenario is compiled into the runner"
        )
    }

    func testNoFixerSourcesFailsBeforeTheTestsRun() throws {
        let missing = try CLIHarness.temporaryFolder().appendingPathComponent("no-fixer")
        try expectBadUsage(
            ["test", "--fix", "--package-path", "."],
            environment: ["RXTRACE_FIX_PACKAGE": missing.path],
            saying: "--fix needs rxtrace-fix's sources, and there are none at \(missing.path)"
        )
    }

    /// `--` ends rxtrace's options: a `--fix` after it is `swift build`'s, left alone.
    func testBareFixAfterTheTerminatorIsNotRxtraces() throws {
        let scratch = try CLIHarness.temporaryFolder()
        let result = try CLIHarness.run(
            "rxtrace",
            ["test", "--force", "--output", scratch.appendingPathComponent("r").path, "--", "--fix"],
            in: scratch
        )
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertTrue(result.stderr.contains("--force only goes with --fix=apply"), result.stderr)
    }
}
#endif
