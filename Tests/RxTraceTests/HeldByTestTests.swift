#if TRACE_RESOURCES
import Foundation
import RxCore
@testable import RxTraceAnalysis
@testable import RxTraceReport
@testable import RxTraceRunner
import XCTest

// Issue 31 §4: a finding's title names what is alive, and what only the test harness keeps is
// "held by the test", named by the test case's property, in every format.

/// A view model a test keeps in a property: a subject and an observable made from it, and no
/// subscription at all.
private final class ItemsViewModel {
    let items = PublishSubject<Int>()
    lazy var count: Observable<Int> = items.map { $0 + 1 }
}

/// What XCTest keeps for a test: the test case instance and its stored properties.
private final class KeptTestCase {
    var viewModel: ItemsViewModel?
}

final class HeldByTestTests: XCTestCase {
    /// Runs `body` as `rxtrace test` runs a test: once, then again on a fresh test case that the
    /// recorder releases as XCTest would not.
    private func measure(_ body: @escaping (KeptTestCase) -> Void) throws -> ScenarioReport {
        try XCTSkipUnless(HeapGraphGate.current.installsHooks, "the hooks are off in this process")
        let recorder = TestUnitRecorder(drainTimeout: 1, heapGraph: true)
        let unit = TestUnit(library: .xctest, test: "App.KeptTests/testKeepsAViewModel")
        var keptByXCTest: [KeptTestCase] = []
        recorder.begin(unit)
        keptByXCTest.append(KeptTestCase())
        body(keptByXCTest[0])
        XCTAssertNil(recorder.endFirstRun(unit), "it leaves resources alive: it runs again")
        var again: KeptTestCase?
        recorder.beginRerun(unit) { again = KeptTestCase() }
        body(again!)
        let address = UInt(bitPattern: Unmanaged.passUnretained(again!).toOpaque())
        let harness = TestUnitRecorder.Harness(
            name: "KeptTestCase (the XCTest test case)",
            addresses: [address],
            release: { again = nil }
        )
        let report = try XCTUnwrap(recorder.endRerun(unit, harness: harness))
        withExtendedLifetime(keptByXCTest) {}
        return report
    }

    func testASubjectAndAnObservableKeptByATestCasePropertyAreTitledAsSuchAndHeldByTheTest() throws {
        let report = try measure { testCase in
            let model = ItemsViewModel()
            _ = model.count
            testCase.viewModel = model
        }
        let headlines = report.findings.map { $0.headline }
        XCTAssertTrue(headlines.contains("1 leaked subject"), "\(headlines)")
        XCTAssertTrue(headlines.contains { $0.hasPrefix("1 leaked observable") }, "\(headlines)")
        XCTAssertFalse(headlines.contains { $0.contains("subscription") }, "nothing subscribes: \(headlines)")
        for finding in report.findings {
            XCTAssertEqual(finding.heldByTest, true, finding.headline)
            XCTAssertEqual(report.standing(of: finding), .heldByTest)
            XCTAssertEqual(report.standing(of: finding).label(for: finding.kind), "held by the test")
            let reason = try XCTUnwrap(finding.retentionReason)
            XCTAssertTrue(reason.hasPrefix("kept alive by KeptTestCase.viewModel"), reason)
        }
        let run = RunReport(scenarios: [report])
        XCTAssertEqual(run.summary.heldByTest, report.findings.count)
        XCTAssertEqual(run.summary.suppressedFindings, 0, "no suppressions file was given")
        let summary = TextReportRenderer(colour: false).summaryLine(run)
        XCTAssertTrue(summary.contains("held by the test"), summary)
        XCTAssertFalse(summary.contains("suppressed"), summary)
        let markdown = MarkdownReportRenderer().render(run)
        XCTAssertTrue(markdown.contains("Held by the test"), markdown)
        let html = HTMLReportRenderer().render(run)
        XCTAssertTrue(html.contains("held by the test"), "HTML badge")
        let sarif = SARIFReportRenderer().render(run)
        XCTAssertTrue(sarif.contains("held by the test"), "SARIF justification")
    }

    /// What each format tells the reader of them: what is alive (a subject, an observable), that
    /// only the test holds it, by which property, and how to release it when the test ends.
    func testEveryFormatSaysWhatIsHeldByWhichPropertyAndHowToReleaseIt() throws {
        let report = try measure { testCase in
            let model = ItemsViewModel()
            _ = model.count
            testCase.viewModel = model
        }
        let fix =
            "release `viewModel` when the test ends (set it to nil in `tearDown`, declaring it optional), or make it a local of the test"
        let formats = try EveryFormat(passedTest: report)
        // The test passes: JUnit shows no failure for what only the harness holds (it fails
        // under --strict, below), so it carries none of this.
        XCTAssertEqual(try formats.junitFailures().count, 0)
        // Markdown, a pull request's summary, shows only failing findings in full: these are rows
        // of its "Held by the test" table, without holder or fix.
        let readers: [ReportFormat] = [.text, .html, .json, .sarif]
        formats.expect("1 leaked subject", in: [.text, .markdown, .html, .sarif])
        formats.expect("1 leaked observable", in: [.text, .markdown, .html, .sarif])
        formats.expect("subscription", shown: false, in: [.text, .markdown, .html])
        formats.expect(
            "kept alive by KeptTestCase.viewModel, through ItemsViewModel.items, which XCTest keeps until the end of the run",
            in: readers
        )
        formats.expect("kept alive by KeptTestCase.viewModel, through ItemsViewModel.count", in: readers)
        formats.expect(fix, in: readers)
        formats.expect("held by the test", in: [.text, .html, .json, .sarif])
        formats.expect(
            "Held by the test (released with the test case; --strict fails on them): 2",
            in: [.markdown]
        )
        XCTAssertEqual(try formats.jsonFinding()["heldByTest"] as? Bool, true)
        XCTAssertEqual(try formats.sarifResults().map { $0["level"] as? String }, ["note", "note"])

        let strict = try EveryFormat(passedTest: report, strict: true)
        let failure = try XCTUnwrap(try strict.junitFailures().first, "--strict fails on it")
        XCTAssertEqual(failure.attribute(forName: "type")?.stringValue, "leak")
        strict.expect("1 leaked subject", in: [.junit])
        strict.expect("fails: unexpected findings: 1 leaked subject, 1 leaked observable", in: [.text, .junit])
        strict.expect("kept alive by KeptTestCase.viewModel", in: [.junit])
        strict.expect(fix, in: [.junit])
    }

    func testAGroupWithNoSinkOrObserverIsTitledByWhatItIs() {
        let subjects = LeakFinding(signature: "x", kind: .leakedSubscription, count: 2, leaked: .subject)
        XCTAssertEqual(subjects.headline, "2 leaked subjects")
        let subscription = LeakFinding(
            signature: "y",
            kind: .leakedSubscription,
            operatorChain: ["subscribe"],
            count: 1
        )
        XCTAssertEqual(subscription.headline, "1 leaked subscription · subscribe")
    }
}
#endif
