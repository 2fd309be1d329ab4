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
        XCTAssertEqual(result.stdout, "rxtrace: status=bad-input exit=2\n", "only the status line")
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
        XCTAssertEqual(
            result.stdout,
            "rxtrace: status=bad-input exit=2\n",
            "no scenario runs before the inputs are checked"
        )
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
        let result = try CLIHarness.run(
            "rxtrace-fixtures",
            ["run", "clean", "--drain-timeout=-1", "--output", output.path]
        )
        XCTAssertEqual(result.exitCode, 2, result.stdout)
        XCTAssertEqual(
            result.stderrLines,
            ["rxtrace-fixtures: error: --drain-timeout must be 0 or more (see 'rxtrace-fixtures --help')"]
        )
        XCTAssertEqual(result.stdout, "rxtrace: status=bad-input exit=2\n", "only the status line")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "nothing is written")
    }

    /// Typed as the documentation writes it (`--drain-timeout -1`, a space, not `=`): the value reaches
    /// the range check instead of ArgumentParser's "Missing value for '--drain-timeout'".
    func testANegativeNumberAfterASpaceGetsTheRangeMessage() throws {
        for (arguments, message) in [
            (["--drain-timeout", "-1"], "--drain-timeout must be 0 or more"),
            (["--passes", "-3"], "--passes must be at least 2 (a warm-up pass and a measured pass)"),
            (["--timeout", "-5"], "--timeout must be positive"),
            (["--jobs", "-2"], "--jobs must be at least 1"),
        ] {
            let result = try CLIHarness.run("rxtrace-fixtures", ["check"] + arguments)
            XCTAssertEqual(result.exitCode, 2, result.stdout)
            XCTAssertEqual(result.stderrLines, ["rxtrace-fixtures: error: \(message) (see 'rxtrace-fixtures --help')"])
            XCTAssertEqual(result.stdout, "rxtrace: status=bad-input exit=2\n", "only the status line")
        }
    }

    /// The folder that cannot be made is named once (it read "… '/proc/x': '/proc/x': No such
    /// file or directory").
    func testAnOutputFolderThatCannotBeMadeIsNamedOnce() throws {
        let output = "/proc/rxtrace-reports-\(UUID().uuidString)"
        let result = try CLIHarness.run("rxtrace-fixtures", ["run", "clean", "--output", output])
        XCTAssertEqual(result.exitCode, 2, result.stdout)
        XCTAssertEqual(
            result.stderrLines,
            ["rxtrace-fixtures: error: cannot create the output folder '\(output)': No such file or directory"]
        )
    }

    /// A team's first `check --baseline FILE`, before any `--update-baseline`: the line says how
    /// to make the file, not only that it cannot be read.
    func testAMissingBaselineSaysHowToCreateIt() throws {
        let scratch = try CLIHarness.temporaryFolder()
        let baseline = scratch.appendingPathComponent("rxtrace-baseline.json").path
        let result = try CLIHarness.run(
            "rxtrace-fixtures",
            [
                "check", "--filter", "clean", "--baseline", baseline,
                "--output", scratch.appendingPathComponent("reports").path,
            ]
        )
        XCTAssertEqual(result.exitCode, 2, result.stdout)
        XCTAssertEqual(
            result.stderrLines,
            [
                "rxtrace-fixtures: error: baseline '\(baseline)' does not exist; to create it from this run's findings, add --update-baseline"
            ]
        )
        XCTAssertEqual(result.stdout, "rxtrace: status=bad-input exit=2\n", "nothing runs")
    }

    func testAFilterThatMatchesNothingSaysSo() throws {
        let result = try CLIHarness.run("rxtrace-fixtures", ["check", "--filter", "no-such-*"])
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(
            result.stderrLines,
            ["rxtrace-fixtures: error: no scenario matches --filter 'no-such-*' (see 'rxtrace-fixtures list')"]
        )
    }

    func testMalformedShard() throws {
        let result = try CLIHarness.run("rxtrace", ["check", "--shard", "5/4"])
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(
            result.stderrLines,
            ["rxtrace: error: malformed --shard '5/4': expected i/n with 1 ≤ i ≤ n, for example 2/4"]
        )
    }
}
#endif
