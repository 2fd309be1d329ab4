import Foundation
import RxTrace
import TestSupport
import XCTest

/// `--update-baseline` drops a signature only when the run measured every scenario. A baseline
/// does not record which scenario a signature came from, so a partial run (a filter or shard, a
/// scenario that crashed or hung, Ctrl-C) cannot tell a fixed leak from one it did not measure:
/// seen as `check --shard 1/2 --update-baseline` emptying the other shard's accepted leaks, which
/// then failed CI as new.
final class PartialBaselineUpdateTests: FolderTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try Baseline(signatures: ["sig-other-shard", "sig-interval-map"]).write(to: baselinePath)
    }

    private var baselinePath: String { folder.appendingPathComponent("baseline.json").path }

    private func update(_ report: RunReport, selectsSomeScenarios: Bool = false) throws -> RunReport {
        let pipeline = ReportPipeline(
            outputDirectory: folder.appendingPathComponent("Reports").path,
            baselinePath: baselinePath,
            updateBaseline: true,
            selectsSomeScenarios: selectsSomeScenarios
        )
        return try pipeline.finish(report, inputs: pipeline.loadInputs())
    }

    func testAFilteredOrShardedRunOnlyAddsSignatures() throws {
        var report = ReportFixtures.run([ReportFixtures.leakyScenario])
        report.scenarios[0].findings.append(ReportFixtures.leak(signature: "sig-today"))

        let updated = try update(report, selectsSomeScenarios: true)

        XCTAssertEqual(
            try Baseline.load(path: baselinePath).signatures,
            ["sig-other-shard", "sig-interval-map", "sig-today"]
        )
        XCTAssertEqual(updated.baseline?.keptUnverifiedSignatures, 1)
        XCTAssertTrue(
            TextReportRenderer(colour: false).render(updated).contains(
                "baseline \(baselinePath) updated from a partial run: kept 1 signature it did not see (scenarios it did not measure may still have them); update from a full run to drop fixed leaks\n"
            )
        )
        XCTAssertTrue(
            MarkdownReportRenderer().render(updated).contains(
                "Updated from a partial run: kept 1 signature it did not see."
            )
        )
        let validation = try SchemaValidator.validate(
            "json",
            String(decoding: try JSONReportCoding.encode(updated), as: UTF8.self)
        )
        XCTAssertEqual(validation.status, 0, validation.output)
    }

    func testAnInterruptedRunOrAStoppedScenarioKeepsTheOldSignatures() throws {
        var interrupted = ReportFixtures.run([ReportFixtures.leakyScenario])
        interrupted.interruption = RunInterruption(signal: "SIGINT", unfinishedScenarios: ["otherShard"])
        _ = try update(interrupted)
        XCTAssertEqual(try Baseline.load(path: baselinePath).signatures, ["sig-other-shard", "sig-interval-map"])

        _ = try update(ReportFixtures.run([ReportFixtures.leakyScenario, ReportFixtures.hungScenario]))
        XCTAssertEqual(try Baseline.load(path: baselinePath).signatures, ["sig-other-shard", "sig-interval-map"])
    }

    func testAFullRunDropsWhatIsFixed() throws {
        let updated = try update(ReportFixtures.run([ReportFixtures.cleanScenario, ReportFixtures.leakyScenario]))

        XCTAssertEqual(try Baseline.load(path: baselinePath).signatures, ["sig-interval-map"])
        XCTAssertNil(updated.baseline?.keptUnverifiedSignatures)
    }
}
