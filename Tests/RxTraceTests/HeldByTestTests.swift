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
