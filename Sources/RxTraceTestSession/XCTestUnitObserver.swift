#if os(Linux) && TRACE_RESOURCES
import Foundation
import RxTraceRunner
import XCTest

/// Measures each XCTest test: its own run is the first pass; when it leaves something alive, a
/// fresh instance of its class runs it once more (the second pass), built from the closure
/// SwiftPM's runner gave `XCTMain`, as XCTest builds its own.
final class XCTestUnitObserver: NSObject, XCTestObservation {
    private let folder: TestSessionFolder
    private let recorder: TestUnitRecorder
    private let closures: [String: (XCTestCase.Type, String, XCTestCaseClosure)]
    private var rerunning = false

    init(
        folder: TestSessionFolder,
        recorder: TestUnitRecorder,
        closures: [String: (XCTestCase.Type, String, XCTestCaseClosure)]
    ) {
        self.folder = folder
        self.recorder = recorder
        self.closures = closures
    }

    private func name(_ testCase: XCTestCase) -> String {
        let method = testCase.name.split(separator: ".").last.map(String.init) ?? testCase.name
        return TestSession.testName(type(of: testCase), method)
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        guard !rerunning else { return }
        let test = name(testCase)
        folder.recordStart(test)
        recorder.begin(TestUnit(library: .xctest, test: test))
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        guard !rerunning else { return }
        let test = name(testCase)
        let unit = TestUnit(library: .xctest, test: test)
        var report = recorder.endFirstRun(unit)
        if report == nil, let (testClass, method, closure) = closures[test] {
            rerunning = true
            var again: XCTestCase?
            recorder.beginRerun(unit) { again = testClass.init(name: method, testClosure: closure) }
            again?.run()
            let harness = TestUnitRecorder.Harness(
                name: "\(testClass) (the XCTest test case)",
                addresses: again.map { [UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque())] } ?? [],
                release: {
                    if let instance = again, XCTestRunLink.clear(instance) { again = nil }
                }
            )
            report = recorder.endRerun(unit, harness: harness)
            rerunning = false
        }
        // Never a test without a result: one that could not run again says so.
        folder.record(
            TestSessionFolder.Result(
                unit: unit,
                report: report
                    ?? ScenarioReport(
                        name: unit.reportName,
                        summary: "XCTest test",
                        expectedVerdict: .clean,
                        actualVerdict: .crashed,
                        status: .failed(
                            message:
                                "it left resources alive, and rxtrace could not run it a second time to tell growth from one-time state"
                        )
                    )
            )
        )
        folder.recordEnd(test)
    }
}
#endif
