import Foundation
import XCTest

@testable import RxTraceReport
@testable import RxTraceRunner

/// The frame `run`, `check` and `test` share, with the work in process: what it writes and which
/// exit status it returns for each kind of run, without a scenario child or a package build.
final class ReportedRunTests: FolderTestCase {
    /// Records signals only when told: the test process keeps its own SIGINT and SIGTERM.
    private func reportedRun(_ subject: RunSubject, baseline: String? = nil) -> ReportedRun {
        ReportedRun(
            pipeline: ReportPipeline(outputDirectory: path("Reports"), baselinePath: baseline),
            sourceRoot: SourceRoot(path: folder.path),
            subject: subject,
            colour: false,
            installInterruption: { Interruption() }
        )
    }

    func testAnInterruptedRunOfEitherKindWritesWhatFinishedAndExitsInterrupted() throws {
        for subject in [RunSubject.scenarios, .tests] {
            let status = try reportedRun(subject).execute { interruption in
                interruption.record(SIGINT)
                return .finished([ReportFixtures.cleanScenario], unfinished: ["slow"])
            }
            XCTAssertEqual(status, .interrupted, "\(subject)")
            let written = try JSONReportCoding.load(from: path("Reports/rxtrace.json"))
            XCTAssertEqual(written.subject, subject)
            XCTAssertEqual(written.scenarios.map(\.name), [ReportFixtures.cleanScenario.name])
            XCTAssertEqual(written.interruption, RunInterruption(signal: "SIGINT", unfinishedScenarios: ["slow"]))
        }
    }

    func testARunNoSignalStoppedIsNotMarkedInterruptedWhateverTheWorkLeftUnfinished() throws {
        let status = try reportedRun(.tests).execute { _ in
            .finished([ReportFixtures.cleanScenario, ReportFixtures.leakyScenario], unfinished: ["never"])
        }
        XCTAssertEqual(status, .findings)
        XCTAssertNil(try JSONReportCoding.load(from: path("Reports/rxtrace.json")).interruption)
    }

    func testWorkThatStopsEarlyWritesNoReportAndExitsWithItsStatus() throws {
        let status = try reportedRun(.tests).execute { _ in .stopped(.crashedOrTimedOut) }
        XCTAssertEqual(status, .crashedOrTimedOut)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("Reports/rxtrace.json")))
    }

    func testBadGateInputFailsBeforeTheWorkStarts() {
        var started = false
        XCTAssertThrowsError(
            try reportedRun(.scenarios, baseline: path("missing.json")).execute { _ in
                started = true
                return .stopped(.clean)
            }
        ) { error in
            XCTAssertTrue(error is BadInput, "\(error)")
        }
        XCTAssertFalse(started, "nothing runs on bad input")
    }
}
