import Foundation
import RxTrace
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

final class JUnitReportRendererTests: XCTestCase {
    func testOneSuiteOneCasePerScenarioFailuresCarryTheTextReport() throws {
        let xml = JUnitReportRenderer().render(ReportFixtures.run())
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try XCTUnwrap(document.rootElement())

        XCTAssertEqual(root.name, "testsuites")
        let suites = root.elements(forName: "testsuite")
        XCTAssertEqual(suites.count, 1)
        let suite = suites[0]
        XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "4")
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "1")
        XCTAssertEqual(
            suite.attribute(forName: "errors")?.stringValue,
            "1",
            "a crash is an error: the scenario could not finish"
        )
        let cases = suite.elements(forName: "testcase")
        XCTAssertEqual(
            cases.map { $0.attribute(forName: "name")?.stringValue },
            ["gitFeed", "dataProviderLeak", "intervalNotDisposed", "crashes"]
        )
        XCTAssertEqual(cases.map { $0.elements(forName: "failure").count }, [0, 1, 0, 0])
        XCTAssertEqual(cases.map { $0.elements(forName: "error").count }, [0, 0, 0, 1])

        let leakFailure = cases[1].elements(forName: "failure")[0]
        XCTAssertEqual(leakFailure.attribute(forName: "type")?.stringValue, "leakedSubscription")
        XCTAssertEqual(
            leakFailure.attribute(forName: "message")?.stringValue,
            "unexpected findings: 2 leaked subscriptions"
        )
        let body = try XCTUnwrap(leakFailure.stringValue)
        XCTAssertTrue(
            body.contains(
                "2 leaked subscriptions · interval → map → subscribe\n    at Sources/App/Feed.swift:42 in FeedViewModel.bind()"
            ),
            body
        )
        XCTAssertEqual(body, TextReportRenderer(colour: false).render(ReportFixtures.leakyScenario))

        let crash = cases[3].elements(forName: "error")[0]
        XCTAssertEqual(crash.attribute(forName: "type")?.stringValue, "crashed")
        XCTAssertEqual(
            crash.attribute(forName: "message")?.stringValue,
            "scenario crashed (signal 4)",
            "no stack captured: no place named"
        )
        let output = try XCTUnwrap(cases[3].elements(forName: "system-out").first?.stringValue)
        XCTAssertEqual(
            output,
            "pass 1 ok\nFatal error: boom <red> & done",
            "colour codes stripped: ESC is not allowed in XML 1.0"
        )
    }

    func testEscapesMarkupAndStripsCharactersXMLCannotCarry() throws {
        let xml = JUnitReportRenderer().render(ReportFixtures.hostile())
        let document = try XMLDocument(data: Data(xml.utf8))
        let testcase = try XCTUnwrap(
            document.rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase").first
        )

        XCTAssertEqual(testcase.attribute(forName: "name")?.stringValue, "<img src=x onerror=alert(1)>")
        XCTAssertEqual(testcase.elements(forName: "system-out").first?.stringValue, "]]> \u{FFFD} \u{FFFD} <out>")
        XCTAssertTrue(
            testcase.elements(forName: "failure").first?.stringValue?.contains("</details><b>not bold</b>") == true
        )
    }

    func testTestCasesAreClassedUnderTheExecutableThatRanThem() throws {
        var report = ReportFixtures.run([ReportFixtures.cleanScenario])
        XCTAssertTrue(
            JUnitReportRenderer().render(report).contains("<testcase classname=\"rxtrace\" name=\"gitFeed\""),
            "without a recorded executable"
        )
        report.tool.executable = "FeedAppLeaks"
        XCTAssertTrue(
            JUnitReportRenderer().render(report).contains("<testcase classname=\"FeedAppLeaks\" name=\"gitFeed\"")
        )
    }
}
