#if TRACE_RESOURCES
import Foundation
import XCTest

/// Bad input gets one clear line on stderr, exit code 2, and no report file.
final class BadInputTests: XCTestCase {
    func testUnknownScenarioName() throws {
        let output = try CLIHarness.temporaryFolder().appendingPathComponent("reports")
        let result = try CLIHarness.run("rxtrace", ["run", "no-such-scenario", "--output", output.path])
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(result.stderrLines, ["rxtrace: error: unknown scenario 'no-such-scenario' (see 'rxtrace list')"])
        XCTAssertEqual(result.stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "nothing is written")
    }

    func testUnwritableOutputFolder() throws {
        // A folder below a regular file can never be created, even by root.
        let scratch = try CLIHarness.temporaryFolder()
        let file = scratch.appendingPathComponent("a-file")
        FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8))
        let output = file.appendingPathComponent("reports")
        let result = try CLIHarness.run("rxtrace-fixtures", ["run", "clean", "--output", output.path])
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot create the output folder '\(output.path)'"), result.stderr)
        XCTAssertEqual(result.stdout, "", "no scenario runs before the inputs are checked")
        XCTAssertEqual(CLIHarness.files(in: scratch), ["a-file"])
    }

    func testUnknownOptionIsBadUsage() throws {
        let result = try CLIHarness.run("rxtrace", ["run", "--no-such-option"])
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
    }

    /// A negative --drain-timeout used to reach each scenario's child process, which rejected
    /// it: every scenario ran and was reported as crashed (exit code 3).
    func testNegativeDrainTimeoutIsBadUsageBeforeAnythingRuns() throws {
        let output = try CLIHarness.temporaryFolder().appendingPathComponent("reports")
        let result = try CLIHarness.run("rxtrace-fixtures", ["run", "clean", "--drain-timeout=-1", "--output", output.path])
        XCTAssertEqual(result.exitCode, 2, result.stdout)
        XCTAssertEqual(result.stderrLines, ["rxtrace-fixtures: error: --drain-timeout must be 0 or more (see 'rxtrace-fixtures --help')"])
        XCTAssertEqual(result.stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "nothing is written")
    }

    func testAFilterThatMatchesNothingSaysSo() throws {
        let result = try CLIHarness.run("rxtrace-fixtures", ["check", "--filter", "no-such-*"])
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(result.stderrLines, ["rxtrace-fixtures: error: no scenario matches --filter 'no-such-*' (see 'rxtrace-fixtures list')"])
    }

    func testMalformedShard() throws {
        let result = try CLIHarness.run("rxtrace", ["check", "--shard", "5/4"])
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(result.stderrLines, ["rxtrace: error: malformed --shard '5/4': expected i/n with 1 ≤ i ≤ n, for example 2/4"])
    }
}
#endif
