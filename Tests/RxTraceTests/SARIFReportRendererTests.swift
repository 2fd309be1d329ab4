import Foundation
import RxTrace
import TestSupport
import XCTest

final class SARIFReportRendererTests: XCTestCase {
    private func sarif(_ report: RunReport) throws -> [String: Any] {
        let text = SARIFReportRenderer().render(report)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func testValidatesAgainstTheOfficialSARIF210Schema() throws {
        var report = ReportFixtures.run()
        report.apply(suppressions: [
            SuppressionRule(
                kind: .leak,
                conditions: [.init(field: .type, pattern: "Interval*")],
                reason: "r",
                file: "s",
                line: 1
            )
        ])
        report.compare(with: Baseline(signatures: ["sig-interval-map"]), path: "b.json")
        for candidate in [ReportFixtures.run(), report, ReportFixtures.hostile(), ReportFixtures.run([])] {
            let result = try SchemaValidator.validate("sarif", SARIFReportRenderer().render(candidate))
            XCTAssertEqual(result.status, 0, result.output)
            XCTAssertTrue(
                result.output.contains("valid (Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema)"),
                result.output
            )
        }
    }

    func testTheValidatorRejectsBrokenSARIF() throws {
        let result = try SchemaValidator.validate("sarif", #"{"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}"#)
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains("'name' is a required property"), result.output)
    }

    func testRulesResultsLocationsFingerprintsAndCodeFlows() throws {
        let document = try sarif(ReportFixtures.run())
        XCTAssertEqual(document["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((document["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["id"] as? String }, ["RX001", "RX002", "RX003", "RX004"])
        XCTAssertEqual(
            rules.map { $0["name"] as? String },
            ["LeakedSubscription", "ReferenceCycle", "ThreadAnomaly", "UnreleasedObject"]
        )
        for rule in rules {
            for key in ["shortDescription", "fullDescription", "help"] {
                XCTAssertFalse(
                    ((rule[key] as? [String: Any])?["text"] as? String ?? "").isEmpty,
                    "\(key) of \(rule["id"]!)"
                )
            }
        }

        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 2)
        let first = results[0]
        XCTAssertEqual(first["ruleId"] as? String, "RX001")
        XCTAssertEqual(first["level"] as? String, "error")
        XCTAssertEqual(first["partialFingerprints"] as? [String: String], ["rxtraceSignature/v2": "sig-interval-map"])
        let physical = try XCTUnwrap(
            ((first["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any]
        )
        XCTAssertEqual(
            (physical["artifactLocation"] as? [String: String]),
            ["uri": "Sources/App/Feed.swift", "uriBaseId": "%SRCROOT%"]
        )
        // The call site's line as region.snippet, the lines around it as contextRegion.
        let region = try XCTUnwrap(physical["region"] as? [String: Any])
        XCTAssertEqual(region["startLine"] as? Int, 42)
        XCTAssertEqual(
            (region["snippet"] as? [String: String])?["text"],
            "            .map { \"tick \\($0)\" }.subscribe(onNext: { [label] in label.text = $0 })"
        )
        let context = try XCTUnwrap(physical["contextRegion"] as? [String: Any])
        XCTAssertEqual(context["startLine"] as? Int, 40)
        XCTAssertEqual(context["endLine"] as? Int, 43)
        let flows = try XCTUnwrap(
            ((first["codeFlows"] as? [[String: Any]])?.first?["threadFlows"] as? [[String: Any]])?.first?["locations"]
                as? [[String: Any]]
        )
        XCTAssertEqual(flows.count, 9)
        XCTAssertEqual(flows.map { $0["importance"] as? String }.filter { $0 == "essential" }.count, 2)
        let userStep = try XCTUnwrap(flows[5]["location"] as? [String: Any])
        XCTAssertEqual((userStep["message"] as? [String: String])?["text"], "FeedViewModel.bind()")
        // The expected leak of a leaky catalogue scenario is a note, not an error.
        XCTAssertEqual(results[1]["level"] as? String, "note")

        let notifications = try XCTUnwrap(
            ((run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"]) as? [[String: Any]]
        )
        XCTAssertEqual(
            (notifications.first?["message"] as? [String: String])?["text"],
            "Scenario crashes crashed (signal 4)."
        )
    }

    func testSuppressionsAndBaselineState() throws {
        var report = ReportFixtures.run([ReportFixtures.leakyScenario, ReportFixtures.expectedLeakScenario])
        report.apply(suppressions: [
            SuppressionRule(kind: .leak, conditions: [.init(field: .function, pattern: "*bind*")], reason: "FEED-12")
        ])
        report.scenarios[0].findings[0].suppressedBy = nil
        report.compare(with: Baseline(signatures: ["sig-interval-map"]), path: "b.json")
        let run = try XCTUnwrap((try sarif(report)["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])

        XCTAssertEqual(results[0]["baselineState"] as? String, "unchanged")
        XCTAssertEqual(results[0]["level"] as? String, "note")
        XCTAssertNil(results[0]["suppressions"])
        let suppression = try XCTUnwrap((results[1]["suppressions"] as? [[String: String]])?.first)
        XCTAssertEqual(
            suppression,
            ["kind": "external", "status": "accepted", "justification": "leak function:*bind* — FEED-12"]
        )
    }
}
