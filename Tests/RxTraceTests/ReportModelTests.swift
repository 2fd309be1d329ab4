import Foundation
import RxTrace
import XCTest

final class ReportModelTests: XCTestCase {
    func testJSONRoundTripKeepsEveryField() throws {
        var report = ReportFixtures.run()
        let rule = SuppressionRule(
            kind: .leak,
            conditions: [.init(field: .type, pattern: "Interval*")],
            reason: "vendor",
            file: "s.txt",
            line: 3
        )
        report.scenarios[1].findings[0].suppressedBy = rule
        report.scenarios[1].findings[0].isNew = false
        report.scenarios[0].cycles = [ReportCycle(signature: "c", steps: [.init(typeName: "VM", via: "disposeBag")])]
        report.scenarios[0].threadHops = [ReportThreadHop(stage: "map", scheduler: "red", thread: "7")]
        report.suppressions = [SuppressionUsage(rule: rule, matchedFindings: 1)]
        report.baseline = BaselineInfo(
            path: "b.json",
            signatureCount: 2,
            knownFindings: 1,
            newFindings: 0,
            absentSignatures: ["gone"]
        )

        let decoded = try JSONReportCoding.decode(JSONReportCoding.encode(report))

        XCTAssertEqual(decoded, report)
    }

    func testJSONIsSortedAndCarriesDerivedFields() throws {
        let text = String(decoding: try JSONReportCoding.encode(ReportFixtures.run()), as: UTF8.self)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]

        XCTAssertEqual(object["schemaVersion"] as? Int, ReportSchema.currentVersion)
        XCTAssertEqual(object["generatedAt"] as? String, "2026-11-18T11:06:40Z")
        let summary = try XCTUnwrap(object["summary"] as? [String: Any])
        XCTAssertEqual(summary["scenarios"] as? Int, 4)
        XCTAssertEqual(summary["passed"] as? Int, 2)
        XCTAssertEqual(summary["failed"] as? Int, 2)
        XCTAssertEqual(summary["abnormal"] as? Int, 1)
        XCTAssertEqual(summary["leakedSubscriptions"] as? Int, 3)
        let scenarios = try XCTUnwrap(object["scenarios"] as? [[String: Any]])
        XCTAssertEqual(scenarios[1]["verdictMatched"] as? Bool, false)
        XCTAssertEqual(scenarios[1]["failureReasons"] as? [String], ["unexpected findings: 2 leaked subscriptions"])
        XCTAssertEqual((scenarios[3]["status"] as? [String: Any])?["signal"] as? Int, 4)
        // Sorted keys: "host" comes before "scenarios" before "schemaVersion".
        let hostIndex = try XCTUnwrap(text.range(of: "\"host\"")).lowerBound
        let scenariosIndex = try XCTUnwrap(text.range(of: "\"scenarios\" :")).lowerBound
        XCTAssertLessThan(hostIndex, scenariosIndex)
    }

    func testReadingANewerSchemaVersionFailsWithAClearMessage() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-v99-\(UUID().uuidString).json")
        var object =
            try JSONSerialization.jsonObject(with: JSONReportCoding.encode(ReportFixtures.run())) as! [String: Any]
        object["schemaVersion"] = 99
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        XCTAssertThrowsError(try JSONReportCoding.load(from: url.path)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("schema version 99 is not supported"), message)
            XCTAssertTrue(message.contains(url.path), message)
        }
        XCTAssertThrowsError(try JSONReportCoding.load(from: "/nonexistent/report.json")) { error in
            XCTAssertEqual("\(error)", "cannot read report '/nonexistent/report.json': No such file or directory")
        }
    }

    func testScenarioPassesWhenVerdictMatchesAndFindingsAreExpected() {
        XCTAssertTrue(ReportFixtures.cleanScenario.passed)
        XCTAssertTrue(ReportFixtures.expectedLeakScenario.passed)
        XCTAssertEqual(ReportFixtures.expectedLeakScenario.failingFindings, [])
        XCTAssertFalse(ReportFixtures.leakyScenario.passed)
        XCTAssertEqual(ReportFixtures.crashedScenario.failureReasons, ["scenario crashed (signal 4)"])
    }

    func testLeakyScenarioThatStopsLeakingFailsItsExpectation() {
        var scenario = ReportFixtures.expectedLeakScenario
        scenario.actualVerdict = .clean
        scenario.findings = []

        XCTAssertEqual(scenario.failureReasons, ["expected verdict leak, got clean"])
    }

    func testSuppressedOrBaselinedFindingsDoNotFail() {
        var scenario = ReportFixtures.leakyScenario
        scenario.findings[0].isNew = false
        XCTAssertTrue(scenario.passed)
        scenario.findings[0].isNew = nil
        scenario.findings[0].suppressedBy = SuppressionRule(
            kind: .any,
            conditions: [.init(field: .file, pattern: "*")],
            reason: "r"
        )
        XCTAssertTrue(scenario.passed)
        XCTAssertFalse(scenario.verdictMatched, "the actual verdict still says what was found")
    }

    func testGateOutcomeExitCodes() {
        XCTAssertEqual(
            ReportFixtures.run([ReportFixtures.cleanScenario, ReportFixtures.expectedLeakScenario]).gateOutcome
                .exitCode,
            0
        )
        XCTAssertEqual(
            ReportFixtures.run([ReportFixtures.cleanScenario, ReportFixtures.leakyScenario]).gateOutcome.exitCode,
            1
        )
        XCTAssertEqual(ReportFixtures.run().gateOutcome.exitCode, 3)
        var expectedCrash = ReportFixtures.crashedScenario
        expectedCrash.expectedVerdict = .crashed
        XCTAssertEqual(ReportFixtures.run([expectedCrash]).gateOutcome, .passed)
    }

    func testHeadlineAndFrameFolding() {
        XCTAssertEqual(ReportFixtures.leak().headline, "2 leaked subscriptions · interval → map → subscribe")
        XCTAssertEqual(
            ReportFixtures.leak(count: 1, kind: .referenceCycle).headline,
            "1 reference cycle · interval → map → subscribe"
        )
        let groups = ReportFrameGroup.group(ReportFixtures.backtrace())
        XCTAssertEqual(
            groups.map { $0.foldedSummary ?? "frame" },
            [
                "… 5 RxTrace and RxCore frames", "frame", "frame", "… 2 system frames",
            ]
        )
    }

    func testSourceLocationIsMadeRepositoryRelative() {
        let location = SourceLocation(file: "/home/me/app/Sources/App/Feed.swift", line: 4)
        XCTAssertEqual(location.relative(to: "/home/me/app").file, "Sources/App/Feed.swift")
        XCTAssertEqual(location.relative(to: "/home/me/app/").file, "Sources/App/Feed.swift")
        XCTAssertEqual(location.relative(to: "/elsewhere").file, "/home/me/app/Sources/App/Feed.swift")
    }
}
