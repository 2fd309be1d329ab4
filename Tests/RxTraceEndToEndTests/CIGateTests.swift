#if TRACE_RESOURCES
import Foundation
import RxTrace
import XCTest

/// `check` as CI uses it: suppressions, the baseline flow, shards, and saved reports merged.
final class CIGateTests: XCTestCase {
    func testMalformedSuppressionsFileIsBadInputAndNothingRuns() throws {
        let scratch = try CLIHarness.temporaryFolder()
        let rules = scratch.appendingPathComponent("suppressions.txt")
        try "leak type:MapSink*\n".write(to: rules, atomically: true, encoding: .utf8)
        let output = scratch.appendingPathComponent("reports")
        let result = try CLIHarness.run(
            "rxtrace-fixtures",
            ["check", "--suppressions", rules.path, "--output", output.path]
        )
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(
            result.stderrLines,
            [
                "rxtrace-fixtures: error: \(rules.path):1: malformed suppression: missing '# reason' (every rule says why it exists)"
            ]
        )
        XCTAssertEqual(result.stdout, "rxtrace: status=bad-input exit=2\n", "only the status line")
        XCTAssertEqual(CLIHarness.files(in: output), [], "no report is written")
    }

    func testASuppressedLeakPassesTheGate() throws {
        let scratch = try CLIHarness.temporaryFolder()
        let output = scratch.appendingPathComponent("reports")
        let failing = try CLIHarness.run("rxtrace-fixtures", ["check", "--filter", "leaks", "--output", output.path])
        XCTAssertEqual(failing.exitCode, 1, failing.stdout)

        let rules = scratch.appendingPathComponent("suppressions.txt")
        try "# known\nleak file:*rxtrace-fixtures/main.swift # the fixture leaks on purpose\n".write(
            to: rules,
            atomically: true,
            encoding: .utf8
        )
        let passing = try CLIHarness.run(
            "rxtrace-fixtures",
            ["check", "--filter", "leaks", "--suppressions", rules.path, "--output", output.path]
        )
        XCTAssertEqual(passing.exitCode, 0, passing.stdout)
        XCTAssertTrue(passing.stdout.contains("the fixture leaks on purpose"), passing.stdout)
        let report = try JSONReportCoding.load(from: output.appendingPathComponent("rxtrace.json").path)
        XCTAssertEqual(report.suppressions.map(\.matchedFindings), [1])
    }

    /// `check --filter … --update-baseline` measures some scenarios only: the baseline keeps
    /// the others' signatures.
    func testUpdatingTheBaselineFromAFilteredCheckKeepsTheOtherSignatures() throws {
        let scratch = try CLIHarness.temporaryFolder()
        let baseline = scratch.appendingPathComponent("baseline.json")
        try Baseline(signatures: ["sig-of-a-scenario-not-run"]).write(to: baseline.path)

        let record = try CLIHarness.run(
            "rxtrace-fixtures",
            [
                "check", "--filter", "leaks", "--baseline", baseline.path, "--update-baseline",
                "--output", scratch.appendingPathComponent("reports").path, "--no-color",
            ]
        )

        XCTAssertEqual(record.exitCode, 0, record.stdout + record.stderr)
        let signatures = try Baseline.load(path: baseline.path).signatures
        XCTAssertEqual(signatures.count, 2, "\(signatures)")
        XCTAssertTrue(signatures.contains("sig-of-a-scenario-not-run"))
        XCTAssertTrue(
            record.stdout.contains("updated from a partial run: kept 1 signature it did not see"),
            record.stdout
        )
    }

    func testBaselineFlow() throws {
        let scratch = try CLIHarness.temporaryFolder()
        let output = scratch.appendingPathComponent("reports")
        let baseline = scratch.appendingPathComponent("baseline.json")

        // Recording the baseline accepts today's leaks.
        let record = try CLIHarness.run(
            "rxtrace-fixtures",
            ["check", "--filter", "leaks", "--baseline", baseline.path, "--update-baseline", "--output", output.path]
        )
        XCTAssertEqual(record.exitCode, 0, record.stdout + record.stderr)
        let recorded = try Baseline.load(path: baseline.path)
        XCTAssertEqual(recorded.signatures.count, 1)

        // Checking against it passes: the leak is known, not new.
        let known = try CLIHarness.run(
            "rxtrace-fixtures",
            ["check", "--filter", "leaks", "--baseline", baseline.path, "--output", output.path]
        )
        XCTAssertEqual(known.exitCode, 0, known.stdout)
        var report = try JSONReportCoding.load(from: output.appendingPathComponent("rxtrace.json").path)
        XCTAssertEqual(report.scenarios[0].findings.map(\.isNew), [false])

        // A leak from another call site is new and fails.
        try Baseline(signatures: ["something-else"]).write(to: baseline.path)
        let new = try CLIHarness.run(
            "rxtrace-fixtures",
            ["check", "--filter", "leaks", "--baseline", baseline.path, "--output", output.path]
        )
        XCTAssertEqual(new.exitCode, 1, new.stdout)
        XCTAssertTrue(new.stdout.contains("[new]"), new.stdout)
        report = try JSONReportCoding.load(from: output.appendingPathComponent("rxtrace.json").path)
        XCTAssertEqual(report.scenarios[0].findings.map(\.isNew), [true])
        XCTAssertEqual(report.baseline?.absentSignatures, ["something-else"])
    }

    func testMalformedBaselineIsBadInput() throws {
        let scratch = try CLIHarness.temporaryFolder()
        let baseline = scratch.appendingPathComponent("baseline.json")
        try "not json".write(to: baseline, atomically: true, encoding: .utf8)
        let result = try CLIHarness.run(
            "rxtrace-fixtures",
            ["check", "--baseline", baseline.path, "--output", scratch.appendingPathComponent("r").path]
        )
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertEqual(result.stdout, "rxtrace: status=bad-input exit=2\n", "only the status line")
    }

    func testShardsSplitTheScenariosAndReportMergesThem() throws {
        let scratch = try CLIHarness.temporaryFolder()
        var jsons: [String] = []
        var names: [String] = []
        for shard in 1...2 {
            let output = scratch.appendingPathComponent("shard\(shard)")
            _ = try CLIHarness.run(
                "rxtrace-fixtures",
                ["check", "--filter", "*leak*", "--shard", "\(shard)/2", "--output", output.path]
            )
            let path = output.appendingPathComponent("rxtrace.json").path
            names += try JSONReportCoding.load(from: path).scenarios.map(\.name)
            jsons.append(path)
        }
        XCTAssertEqual(names.sorted(), ["expected-leak", "leaks"], "the shards are disjoint and cover the filter")

        let merged = scratch.appendingPathComponent("merged")
        let result = try CLIHarness.run("rxtrace-fixtures", ["report"] + jsons + ["--output", merged.path])
        XCTAssertEqual(result.exitCode, 1, "the merged run still has the unexpected leak")
        XCTAssertEqual(
            try JSONReportCoding.load(from: merged.appendingPathComponent("rxtrace.json").path).scenarios.count,
            2
        )
    }

    func testReportOfAMissingFileIsBadInput() throws {
        let result = try CLIHarness.run("rxtrace", ["report", "/nonexistent/rxtrace.json", "--output", "/tmp"])
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
    }
}
#endif
