import Foundation
import RxTrace
import XCTest

@testable import RxTraceRunner

#if canImport(FoundationXML)
import FoundationXML
#endif

/// One report as a reader meets it in each of the six formats: the words each shows, with its
/// markup and escaping taken off, so a test can look for the same phrase (a title, a holder, a
/// fix) in all of them instead of one escaping rule per format.
///
/// - Text and Markdown are read as written (Markdown's `\|`, `&lt;`, `&gt;` and `&amp;` undone).
/// - HTML is read as its text: tags dropped, entities undone.
/// - JSON and SARIF are read as their string values, one a line.
/// - JUnit XML is read as its `<failure>` elements, message then body: all a CI test view shows
///   of a test's findings. A test whose findings do not fail it has none.
struct EveryFormat {
    let report: RunReport
    let rendered: [ReportFormat: String]
    let read: [ReportFormat: String]

    init(_ report: RunReport) throws {
        self.report = report
        var rendered: [ReportFormat: String] = [:]
        var read: [ReportFormat: String] = [:]
        for format in ReportFormat.allCases {
            let output = try format.render(report)
            rendered[format] = output
            read[format] = try Self.words(of: output, in: format)
        }
        self.rendered = rendered
        self.read = read
    }

    /// A test that passed, as `rxtrace test` reports it: in a run of tests, under its rules (what
    /// the harness holds and what was still running do not fail it, unless `strict` for the
    /// first).
    init(passedTest test: ScenarioReport, strict: Bool = false) throws {
        var test = TestPipeline.applyingTestRules(test, strict: strict)
        test.testOutcome = TestOutcome(result: .passed)
        var run = RunReport(scenarios: [test])
        run.subject = .tests
        try self.init(run)
    }

    /// Asserts that each of `formats` shows `phrase` (or, not `shown`, that none does), at a
    /// sentence's start (SARIF's message capitalises "kept alive by …") or within one.
    func expect(
        _ phrase: String,
        shown: Bool = true,
        in formats: [ReportFormat] = ReportFormat.allCases,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let starting = phrase.prefix(1).uppercased() + phrase.dropFirst()
        for format in formats {
            let words = read[format] ?? ""
            XCTAssertEqual(
                words.contains(phrase) || words.contains(starting),
                shown,
                "\(format) \(shown ? "lacks" : "shows") “\(phrase)”:\n\(words)",
                file: file,
                line: line
            )
        }
    }

    /// Asserts that every format fails `name` (a scenario or test) on one finding titled
    /// `headline`, each in its own words: ✗ in text, a **fail** row in Markdown's table, the
    /// "fails" badge in HTML, an error in SARIF, a `<failure>` in JUnit, which it returns.
    @discardableResult
    func expectFails(
        _ name: String,
        on headline: String,
        file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> XMLElement {
        expect("✗ \(name)", in: [.text], file: file, line: line)
        expect("fails \(headline)", in: [.html], file: file, line: line)
        let rows = (read[.markdown] ?? "").split(separator: "\n").filter { $0.hasPrefix("| \(name) |") }
        XCTAssertEqual(rows.map { $0.hasSuffix("| **fail** |") }, [true], "\(rows)", file: file, line: line)
        XCTAssertEqual(try sarifResults().map { $0["level"] as? String }, ["error"], file: file, line: line)
        return try XCTUnwrap(try junitFailures().first, "JUnit fails \(name)", file: file, line: line)
    }

    /// The JSON report's scenarios or tests, as written.
    func jsonScenarios() throws -> [[String: Any]] {
        let json = try JSONSerialization.jsonObject(with: Data((rendered[.json] ?? "").utf8)) as? [String: Any]
        return try XCTUnwrap(json?["scenarios"] as? [[String: Any]])
    }

    /// The JSON report's first finding, as written.
    func jsonFinding() throws -> [String: Any] {
        try XCTUnwrap(try jsonScenarios().lazy.compactMap { ($0["findings"] as? [[String: Any]])?.first }.first)
    }

    /// The SARIF log's results, as written.
    func sarifResults() throws -> [[String: Any]] {
        let sarif = try JSONSerialization.jsonObject(with: Data((rendered[.sarif] ?? "").utf8)) as? [String: Any]
        return try XCTUnwrap((sarif?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    }

    /// The JUnit report's `<failure>` elements.
    func junitFailures() throws -> [XMLElement] {
        let document = try XMLDocument(data: Data((rendered[.junit] ?? "").utf8))
        return try document.nodes(forXPath: "//testcase/failure").compactMap { $0 as? XMLElement }
    }

    private static func words(of output: String, in format: ReportFormat) throws -> String {
        switch format {
        case .text:
            return output
        case .markdown:
            return output.replacingOccurrences(of: "\\|", with: "|").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        case .html:
            let text = output.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            return [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")].reduce(text) {
                $0.replacingOccurrences(of: $1.0, with: $1.1)
            }
        case .json, .sarif:
            return strings(in: try JSONSerialization.jsonObject(with: Data(output.utf8))).joined(separator: "\n")
        case .junit:
            let document = try XMLDocument(data: Data(output.utf8))
            return try document.nodes(forXPath: "//testcase/failure").compactMap { node in
                guard let failure = node as? XMLElement else { return nil }
                return (failure.attribute(forName: "message")?.stringValue ?? "") + "\n" + (failure.stringValue ?? "")
            }.joined(separator: "\n")
        }
    }

    private static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: return [text]
        case let array as [Any]: return array.flatMap(strings)
        case let object as [String: Any]: return object.keys.sorted().flatMap { strings(in: object[$0]!) }
        default: return []
        }
    }
}
