import Foundation
import RxTrace
import TestSupport
import XCTest

final class JSONReportSchemaTests: XCTestCase {
    func testProducedReportsValidateAgainstDocsReportSchema() throws {
        var full = ReportFixtures.run()
        full.apply(suppressions: [
            SuppressionRule(
                kind: .any,
                conditions: [.init(field: .type, pattern: "Map*"), .init(field: .file, pattern: "*.swift")],
                reason: "why",
                file: "s.txt",
                line: 9
            )
        ])
        full.compare(with: Baseline(signatures: ["sig-interval-map", "gone"]), path: "baseline.json")
        full.scenarios[0].cycles = [
            ReportCycle(
                signature: "c",
                steps: [.init(typeName: "VM", via: "disposeBag"), .init(typeName: "closure context")]
            )
        ]
        full.scenarios[0].threadHops = [ReportThreadHop(stage: "map", scheduler: "red", thread: "7", anomaly: nil)]
        var failed = ReportFixtures.cleanScenario
        failed.status = .failed(message: "body threw")
        var hung = ReportFixtures.cleanScenario
        hung.status = .timedOut(seconds: 30)
        full.scenarios += [failed, hung]

        for report in [ReportFixtures.run(), full, ReportFixtures.hostile(), ReportFixtures.run([])] {
            let text = String(decoding: try JSONReportCoding.encode(report), as: UTF8.self)
            let result = try SchemaValidator.validate("json", text)
            XCTAssertEqual(result.status, 0, result.output)
        }
    }

    func testTheSchemaRejectsWhatTheModelWouldNotWrite() throws {
        var object =
            try JSONSerialization.jsonObject(with: JSONReportCoding.encode(ReportFixtures.run())) as! [String: Any]
        var scenarios = object["scenarios"] as! [[String: Any]]
        scenarios[0]["actualVerdict"] = "mostlyClean"
        object["scenarios"] = scenarios
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)

        let result = try SchemaValidator.validate("json", text)

        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains("scenarios/0/actualVerdict: 'mostlyClean' is not one of"), result.output)
    }

    func testSchemaDocumentNamesTheCurrentVersion() throws {
        let url = SchemaValidator.repositoryRoot.appendingPathComponent("docs/report.schema.json")
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let version = try XCTUnwrap((schema["properties"] as? [String: Any])?["schemaVersion"] as? [String: Any])
        XCTAssertEqual(
            version["const"] as? Int,
            ReportSchema.currentVersion,
            "bump docs/report.schema.json with the schema version"
        )
    }
}
