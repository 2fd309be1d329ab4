import Foundation
import XCTest

@testable import RxTraceReport

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Test names with odd characters (quotes, line breaks of every kind, `/`, markup, control
/// characters, emoji, thousands of characters) through every report format of `rxtrace test`:
/// the JUnit XML and the JSON and SARIF parse, the HTML carries no markup from a name, and the
/// text and Markdown reports keep each name on one line, whole.
final class OddTestNameReportTests: XCTestCase {
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]
    static let namesPerRun = 24

    private func run(seed: UInt64) -> (names: [String], report: RunReport) {
        let names = OddTestNames.make(count: Self.namesPerRun, seed: seed)
        return (names, run(names))
    }

    /// One test per name, each outcome of a test run in turn: failed, leaking, skipped, crashed.
    private func run(_ names: [String]) -> RunReport {
        let tests = names.enumerated().map { index, name in
            switch index % 4 {
            case 0:
                // Only names are odd here: an issue's message may span lines, and its renderers keep them.
                let issue = TestIssue(kind: .assertion, message: "expected 2", file: "Tests/T.swift", line: 3)
                return TestRunFixtures.test(name, TestOutcome(result: .failed, issues: [issue]))
            case 1:
                return TestRunFixtures.test(
                    name,
                    TestOutcome(result: .passed),
                    findings: [ReportFixtures.leak(signature: "sig-\(index)", count: 1)]
                )
            case 2: return TestRunFixtures.test(name, TestOutcome(result: .skipped, skipReason: "later"))
            default:
                return TestRunFixtures.test(
                    name,
                    TestOutcome(result: .crashed),
                    status: .crashed(signal: 11, exitCode: nil)
                )
            }
        }
        return TestRunFixtures.run(tests)
    }

    func testTextAndMarkdownKeepEveryNameWholeOnOneLine() throws {
        for seed in Self.seeds {
            let (names, report) = run(seed: seed)
            for format in [ReportFormat.text, .markdown] {
                let output = try format.render(report)
                var named = 0
                for line in OddTestNames.lines(output) {
                    let text = String(line)
                    let opened = text.components(separatedBy: OddTestNames.open).count - 1
                    let closed = text.components(separatedBy: OddTestNames.close).count - 1
                    XCTAssertEqual(
                        opened,
                        closed,
                        "seed \(seed), \(format): a name broken across lines: \(text.debugDescription)"
                    )
                    named += opened
                }
                XCTAssertGreaterThanOrEqual(named, names.count, "seed \(seed), \(format): not every test is named")
            }
        }
    }

    /// The page has its own script and markup: the same run with plain names has as many.
    func testTheHTMLCarriesNoMarkupFromAName() throws {
        let plain = try ReportFormat.html.render(run((0..<Self.namesPerRun).map { "Module.Suite/test\($0)" }))
        func count(_ markup: String, _ html: String) -> Int {
            html.lowercased().components(separatedBy: markup).count - 1
        }
        for seed in Self.seeds {
            let html = try ReportFormat.html.render(run(seed: seed).report)
            for markup in ["<script", "<b>", "<>", "]]>"] {
                XCTAssertEqual(count(markup, html), count(markup, plain), "seed \(seed): \(markup) from a name")
            }
        }
    }

    func testTheJSONAndSARIFParseAndTheJSONKeepsEveryName() throws {
        for seed in Self.seeds {
            let (names, report) = run(seed: seed)
            let json = Data(try ReportFormat.json.render(report).utf8)
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: json), "seed \(seed): the JSON does not parse")
            // Read back as `rxtrace report` reads it (Foundation's JSONSerialization on Linux
            // drops a U+FEFF that follows an escaped line break; JSONDecoder keeps it).
            let decoded = try JSONReportCoding.decode(json).scenarios.map(\.name)
            XCTAssertEqual(decoded.count, names.count, "seed \(seed)")
            for (name, read) in zip(names, decoded) where name != read {
                XCTFail("seed \(seed): \(name.debugDescription) came back as \(read.debugDescription)")
            }
            XCTAssertNoThrow(
                try JSONSerialization.jsonObject(with: Data(try ReportFormat.sarif.render(report).utf8)),
                "seed \(seed): the SARIF does not parse"
            )
        }
    }

    #if canImport(FoundationXML)
    func testTheJUnitXMLParsesAndEachTestcaseHoldsItsWholeName() throws {
        for seed in Self.seeds {
            let (names, report) = run(seed: seed)
            let document = try XMLDocument(data: Data(try ReportFormat.junit.render(report).utf8))
            let testcases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
            XCTAssertEqual(testcases.count, names.count, "seed \(seed)")
            for (testcase, name) in zip(testcases, names) {
                let parts = ["classname", "name"].map { testcase.attribute(forName: $0)?.stringValue ?? "" }
                // Split in two at a `/` or `.`; what XML 1.0 cannot carry is U+FFFD, one for one.
                let scalars = parts[0].unicodeScalars.count + 1 + parts[1].unicodeScalars.count
                XCTAssertEqual(
                    scalars,
                    name.unicodeScalars.count,
                    "seed \(seed): \(parts) for \(name.debugDescription)"
                )
                XCTAssertTrue(parts[1].hasSuffix(OddTestNames.close), "seed \(seed): cut: \(parts[1].debugDescription)")
            }
        }
    }
    #endif
}
