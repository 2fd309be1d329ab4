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
    private let outcomes = TestOutcomeCollector()
    private var rerunning = false
    /// Where this process's standard output stood when the running test started: XCTest prints
    /// a skip's reason there and tells observers nothing but `hasBeenSkipped`.
    private var outputStart: off_t = -1

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
        fflush(stdout)
        outputStart = lseek(STDOUT_FILENO, 0, SEEK_CUR)
        recorder.begin(TestUnit(library: .xctest, test: test))
    }

    func testCase(
        _ testCase: XCTestCase,
        didFailWithDescription description: String,
        inFile filePath: String?,
        atLine lineNumber: Int
    ) {
        let unit = TestUnit(library: .xctest, test: name(testCase))
        // XCTest reports a thrown error as a failure at `<EXPR>:0` with this description.
        let thrown = description.hasPrefix("threw error ")
        let issue = TestIssue(
            kind: thrown ? .thrownError : .assertion,
            message: description,
            file: filePath == "<EXPR>" ? nil : filePath,
            line: lineNumber > 0 ? lineNumber : nil
        )
        outcomes.record(issue, for: unit, secondRun: rerunning)
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        let test = name(testCase)
        let unit = TestUnit(library: .xctest, test: test)
        if testCase.testRun?.hasBeenSkipped == true {
            outcomes.recordSkip(unit, reason: skipReason(test), secondRun: rerunning)
        }
        guard !rerunning else { return }
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
        var result =
            report
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
        result.testOutcome = outcomes.outcome(for: unit)
        outcomes.remove(unit)
        folder.record(TestSessionFolder.Result(unit: unit, report: result))
        folder.recordEnd(test)
    }

    /// The reason XCTest printed for skipping `test` (`…: Class.method : Test skipped - reason`),
    /// read back from this process's standard output, a file `rxtrace test` gave it.
    private func skipReason(_ test: String) -> String? {
        fflush(stdout)
        guard outputStart >= 0,
            let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/1"),
            let handle = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? handle.close() }
        try? handle.seek(toOffset: UInt64(outputStart))
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        let method = test.split(separator: "/").last.map(String.init) ?? test
        for line in text.split(separator: "\n") where line.contains(".\(method) : Test skipped") {
            guard let range = line.range(of: "Test skipped") else { continue }
            let rest = line[range.upperBound...]
            return rest.hasPrefix(" - ") ? String(rest.dropFirst(3)) : nil
        }
        return nil
    }
}
#endif
