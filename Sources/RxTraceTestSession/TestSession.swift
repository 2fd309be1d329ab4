#if os(Linux)
import Foundation
import Glibc
import RxCore
import RxTraceRunner
import XCTest

/// The test process's side of `rxtrace test`: reads the plan from the session folder, lists the
/// binary's tests or runs the planned ones (Swift Testing first, through its tools entry point,
/// then XCTest), measuring each unit with `TestUnitRecorder` and recording progress and results.
enum TestSession {
    /// Called with the runner's XCTest entries before XCTest runs; returns the entries to run.
    static func start(_ entries: [XCTestCaseEntry]) -> [XCTestCaseEntry] {
        guard let path = ProcessInfo.processInfo.environment[TestSessionFolder.environmentKey] else { return entries }
        let folder = TestSessionFolder(path: path)
        guard let plan = try? folder.readPlan() else { fail("cannot read the test plan in \(path)") }
        folder.sayHello()
        setvbuf(stdout, nil, _IOLBF, 0)
        if plan.listOnly {
            let units = xctestUnits(entries) + SwiftTestingSession.list()
            do { try folder.writeList(units) } catch { fail("cannot write the test list: \(error)") }
            exit(0)
        }
        #if TRACE_RESOURCES
        // The tests get the signal mask `swift test` gives them (none blocked), whichever thread
        // of rxtrace started this process.
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
        // Ctrl-C reaches the whole process group: rxtrace ends this process and reports what finished.
        signal(SIGINT, SIG_IGN)
        ThreadStackCapture.installDumpIfRequested()
        let recorder = TestUnitRecorder(drainTimeout: plan.drainTimeout, heapGraph: plan.heapGraph)
        if !plan.swiftTesting.isEmpty {
            SwiftTestingSession(folder: folder, recorder: recorder).run(plan.swiftTesting)
        }
        let planned = Set(plan.xctest)
        var closures: [String: (XCTestCase.Type, String, XCTestCaseClosure)] = [:]
        let selected: [XCTestCaseEntry] = entries.compactMap { entry in
            let tests = entry.allTests.filter { planned.contains(testName(entry.testCaseClass, $0.0)) }
            for (method, closure) in tests {
                closures[testName(entry.testCaseClass, method)] = (entry.testCaseClass, method, closure)
            }
            return tests.isEmpty ? nil : (testCaseClass: entry.testCaseClass, allTests: tests)
        }
        XCTestObservationCenter.shared.addTestObserver(
            XCTestUnitObserver(folder: folder, recorder: recorder, closures: closures)
        )
        return selected
        #else
        fail("this test binary's RxCore was built without the TraceResources trait")
        #endif
    }

    /// `Module.Class/testMethod`, as `swift test list` names an XCTest test.
    static func testName(_ testClass: XCTestCase.Type, _ method: String) -> String {
        "\(String(reflecting: testClass))/\(method)"
    }

    static func xctestUnits(_ entries: [XCTestCaseEntry]) -> [TestUnit] {
        entries.flatMap { entry in
            entry.allTests.map { TestUnit(library: .xctest, test: testName(entry.testCaseClass, $0.0)) }
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("rxtrace test: \(message)\n".utf8))
        exit(2)
    }
}
#endif
