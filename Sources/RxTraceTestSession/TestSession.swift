#if os(Linux)
import Foundation
import Glibc
import RxCore
import RxTraceRunner
import XCTest

/// The test process's side of `rxtrace test`: reads the plan from the session folder, lists the
/// binary's tests or runs the planned ones, measuring each unit with `TestUnitRecorder` and
/// recording progress, outcomes and results. A process runs one library's tests, each the way
/// SwiftPM's test runner starts it under `swift test`: XCTest from `XCTMain` on the main thread,
/// Swift Testing from an async main (`_runAsyncMain`), so a test sees the same threads and
/// executors under both runners.
enum TestSession {
    /// Called with the runner's XCTest entries before XCTest runs; returns the entries to run.
    /// A plan of Swift Testing tests never returns: it runs them and ends the process.
    static func start(_ entries: [XCTestCaseEntry]) -> [XCTestCaseEntry] {
        guard let path = ProcessInfo.processInfo.environment[TestSessionFolder.environmentKey] else { return entries }
        let folder = TestSessionFolder(path: path)
        guard let plan = try? folder.readPlan() else { fail("cannot read the test plan in \(path)") }
        folder.sayHello()
        setvbuf(stdout, nil, _IOLBF, 0)
        if plan.listOnly {
            let xctest = xctestUnits(entries)
            runAsyncMain {
                let units = xctest + (await SwiftTestingSession.list())
                do { try folder.writeList(units) } catch { fail("cannot write the test list: \(error)") }
                exit(0)
            }
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
            runAsyncMain {
                await SwiftTestingSession(folder: folder, recorder: recorder).run(plan.swiftTesting)
                exit(0)
            }
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

    /// Runs `body` as the process's async main and never returns, as SwiftPM's generated runner
    /// starts Swift Testing (`_runAsyncMain`, then the main queue is drained by the runtime).
    static func runAsyncMain(_ body: @escaping @Sendable () async -> Void) -> Never {
        swiftRunAsyncMain { await body() }
        // `_runAsyncMain` drains the main queue for good; the body's `exit` ends the process.
        fail("the async main returned")
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
/// The standard library's entry for an async `main` (what `@main` with `async` compiles to, and
/// what SwiftPM's test runner calls for Swift Testing).
@_silgen_name("$ss13_runAsyncMainyyyyYaKcF")
private func swiftRunAsyncMain(_ body: @Sendable @escaping () async throws -> Void)
#endif
