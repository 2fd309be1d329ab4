import Foundation
import RxTrace
import XCTest

final class ReportPipelineTests: FolderTestCase {
    func testCheckFailsThenSuppressionPassesThenBaselineFlow() throws {
        let leaky = ReportFixtures.run([ReportFixtures.cleanScenario, ReportFixtures.leakyScenario])

        // A leak: exit code 1, and all six files written, with the run's status beside them.
        let plain = ReportPipeline(outputDirectory: path("Reports"))
        let first = try plain.finish(leaky, inputs: plain.loadInputs())
        XCTAssertEqual(first.gateOutcome.exitCode, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("Reports")).count, 8)

        // Suppressed: exit code 0, and the report lists the rule.
        try Data("leak function:FeedViewModel.* # accepted for now\n".utf8).write(
            to: URL(fileURLWithPath: path("supp.txt"))
        )
        let suppressed = ReportPipeline(outputDirectory: path("Reports"), suppressionsPath: path("supp.txt"))
        let second = try suppressed.finish(leaky, inputs: suppressed.loadInputs())
        XCTAssertEqual(second.gateOutcome.exitCode, 0)
        XCTAssertEqual(second.suppressions.map(\.matchedFindings), [1])
        let json = try JSONReportCoding.load(from: path("Reports/rxtrace.json"))
        XCTAssertEqual(json.scenarios[1].findings[0].suppressedBy?.reason, "accepted for now")

        // --update-baseline creates the file; the next run passes; a new leak fails.
        let update = ReportPipeline(
            outputDirectory: path("Reports"),
            baselinePath: path("baseline.json"),
            updateBaseline: true
        )
        XCTAssertEqual(try update.finish(leaky, inputs: update.loadInputs()).gateOutcome, .passed)
        let check = ReportPipeline(outputDirectory: path("Reports"), baselinePath: path("baseline.json"))
        XCTAssertEqual(try check.finish(leaky, inputs: check.loadInputs()).gateOutcome, .passed)
        var worse = leaky
        worse.scenarios[1].findings.append(ReportFixtures.leak(signature: "sig-new"))
        let result = try check.finish(worse, inputs: check.loadInputs())
        XCTAssertEqual(result.gateOutcome, .findings)
        XCTAssertEqual(result.baseline?.newFindings, 1)
    }

    func testBadInputsFailBeforeAnythingRuns() throws {
        try Data("leak type:X # ok\nleak nonsense # bad\n".utf8).write(to: URL(fileURLWithPath: path("supp.txt")))
        XCTAssertThrowsError(try ReportPipeline(suppressionsPath: path("supp.txt")).loadInputs()) { error in
            XCTAssertEqual(
                "\(error)",
                "\(self.path("supp.txt")):2: malformed suppression: 'nonsense' is not <field>:<glob>"
            )
        }
        XCTAssertThrowsError(try ReportPipeline(baselinePath: path("missing.json")).loadInputs()) { error in
            XCTAssertTrue(error is BaselineError, "\(error)")
        }
        XCTAssertNil(try ReportPipeline(baselinePath: path("missing.json"), updateBaseline: true).loadInputs().baseline)
    }
}
