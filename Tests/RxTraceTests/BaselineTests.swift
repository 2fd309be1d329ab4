import Foundation
import RxTrace
import XCTest

final class BaselineTests: FolderTestCase {
    func testUpdateThenCompareFailsOnlyOnNewSignatures() throws {
        let path = folder.appendingPathComponent("rxtrace-baseline.json").path
        // 1. Accept today's leaks: --update-baseline.
        let today = ReportFixtures.run([ReportFixtures.leakyScenario])
        XCTAssertEqual(today.gateOutcome, .findings)
        try Baseline(report: today).write(to: path)
        XCTAssertEqual(
            try String(contentsOfFile: path, encoding: .utf8),
            """
            {
              "entries" : [
                {
                  "callSite" : "Sources/App/Feed.swift:42",
                  "chain" : "interval → map → subscribe",
                  "kind" : "leakedSubscription",
                  "seenIn" : [
                    "dataProviderLeak"
                  ],
                  "signature" : "sig-interval-map"
                }
              ],
              "signatureVersion" : 2
            }

            """
        )

        // 2. The same leak again: known, the gate passes.
        var again = ReportFixtures.run([ReportFixtures.leakyScenario])
        again.compare(with: try Baseline.load(path: path), path: path)
        XCTAssertEqual(again.scenarios[0].findings[0].isNew, false)
        XCTAssertEqual(again.gateOutcome, .passed)

        // 3. A new leak appears next to it: only the new one fails, and is marked new.
        var tomorrow = ReportFixtures.run([ReportFixtures.leakyScenario])
        tomorrow.scenarios[0].findings.append(ReportFixtures.leak(signature: "sig-new", count: 1))
        tomorrow.compare(with: try Baseline.load(path: path), path: path)
        XCTAssertEqual(tomorrow.scenarios[0].findings.map(\.isNew), [false, true])
        XCTAssertEqual(tomorrow.scenarios[0].failingFindings.map(\.signature), ["sig-new"])
        XCTAssertEqual(tomorrow.gateOutcome, .findings)
        XCTAssertEqual(
            tomorrow.baseline,
            BaselineInfo(
                path: path,
                signatureCount: 1,
                knownFindings: 1,
                newFindings: 1,
                absentSignatures: [],
                signatureVersion: 2
            )
        )
        XCTAssertEqual(tomorrow.summary.newFindings, 1)

        // 4. The old leak is fixed: the baseline reports it absent.
        var fixed = ReportFixtures.run([ReportFixtures.cleanScenario])
        fixed.compare(with: try Baseline.load(path: path), path: path)
        XCTAssertEqual(fixed.baseline?.absentSignatures, ["sig-interval-map"])
    }

    func testAVersionOneBaselineIsReadAndTheReportSaysToRewriteIt() throws {
        let path = folder.appendingPathComponent("old-baseline.json").path
        // What rxtrace wrote before signatures stopped depending on line numbers.
        try Data("[\n  \"570b909524156c8e\"\n]\n".utf8).write(to: URL(fileURLWithPath: path))
        let old = try Baseline.load(path: path)
        XCTAssertEqual(old, Baseline(signatures: ["570b909524156c8e"], signatureVersion: 1))

        var report = ReportFixtures.run([ReportFixtures.leakyScenario])
        report.compare(with: old, path: path)
        XCTAssertEqual(report.baseline?.isOutdated, true)
        XCTAssertTrue(
            TextReportRenderer(colour: false).render(report).contains(
                "baseline \(path) holds version-1 signatures (line-based), which cannot match: rewrite it once with --update-baseline\n"
            )
        )

        // --update-baseline rewrites it in the current format.
        try Baseline(report: report).write(to: path)
        XCTAssertEqual(try Baseline.load(path: path).signatureVersion, Baseline.currentSignatureVersion)
    }

    func testSuppressedFindingsStayOutOfTheBaseline() {
        var report = ReportFixtures.run([ReportFixtures.leakyScenario])
        report.scenarios[0].findings.append(ReportFixtures.leak(signature: "sig-suppressed"))
        report.scenarios[0].findings[1].suppressedBy = SuppressionRule(
            kind: .any,
            conditions: [.init(field: .type, pattern: "*")],
            reason: "r"
        )
        XCTAssertEqual(Baseline(report: report).signatures, ["sig-interval-map"])
    }

    func testMalformedAndMissingBaselinesAreTypedErrors() throws {
        let path = folder.appendingPathComponent("bad.json").path
        try Data(#"{"signatures": 3}"#.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Baseline.load(path: path)) { error in
            XCTAssertEqual(
                "\(error)",
                "baseline '\(path)' is malformed: expected {\"signatureVersion\": N, \"entries\": [...]} or a JSON array of signature strings; no 'signatureVersion'"
            )
        }
        XCTAssertThrowsError(try Baseline.load(path: folder.appendingPathComponent("missing.json").path)) { error in
            XCTAssertTrue("\(error)".hasSuffix("missing.json': No such file or directory"), "\(error)")
        }
        XCTAssertThrowsError(try Baseline(signatures: []).write(to: "/nonexistent/dir/b.json")) { error in
            XCTAssertEqual("\(error)", "cannot write baseline '/nonexistent/dir/b.json': No such file or directory")
        }
    }
}
