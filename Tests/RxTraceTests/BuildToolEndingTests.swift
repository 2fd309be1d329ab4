import Foundation
import XCTest

@testable import RxTraceRunner

/// How `rxtrace test` waits for the build tool (`swift build`) it runs before the tests.
final class BuildToolEndingTests: XCTestCase {
    /// A killed `swift build` can leave compiler jobs running that hold `Process`'s
    /// end-of-child socket: `rxtrace test` then waited for them after Ctrl-C (once past CI's
    /// 90 minutes). Ctrl-C ends the tool and its process group at once, and the status is the
    /// shell's for SIGINT.
    func testAnInterruptionEndsTheToolAndWhatItStartedAtOnce() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let pidFile = scratch.url.appendingPathComponent("job.pid")
        let interruption = Interruption()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { interruption.record(SIGINT) }
        let started = Date()
        let status = try LoggedTool.run(
            "/bin/sh",
            ["-c", "sleep 30 & echo $! > '\(pidFile.path)'; trap '' INT; sleep 30"],
            environment: ProcessInfo.processInfo.environment,
            output: scratch.output,
            interruption: interruption
        )
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "it waited for the tool's jobs")
        XCTAssertEqual(status, 128 + SIGKILL, "the tool ignored SIGINT, so SIGKILL ended it")
        try ProcessState.assertEnded(pidFile)
    }

    /// A tool that exits leaving a job running is seen to end at once, with its own status.
    func testAToolThatExitsLeavingAJobRunningReturnsItsStatusAtOnce() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let pidFile = scratch.url.appendingPathComponent("job.pid")
        let started = Date()
        let status = try LoggedTool.run(
            "/bin/sh",
            ["-c", "sleep 30 & echo $! > '\(pidFile.path)'; exit 4"],
            environment: ProcessInfo.processInfo.environment,
            output: scratch.output
        )
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "it waited for the job, not the tool")
        XCTAssertEqual(status, 4)
        try ProcessState.assertEnded(pidFile)
    }
}

/// How `rxtrace test --fix` waits for the fixer, which leads a process group of its own that a
/// terminal's Ctrl-C does not reach.
final class FixerEndingTests: XCTestCase {
    /// Ctrl-C during the proofs is passed on to the fixer's group (which stops the proof it runs
    /// and exits 130); before, rxtrace ignored it and waited for every proof to finish.
    func testCtrlCIsPassedOnToTheFixerAndItsStatusKept() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let pidFile = scratch.url.appendingPathComponent("proof.pid")
        let interruption = Interruption()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { interruption.record(SIGINT) }
        let started = Date()
        let status = try FixRun.runPassingOutput(
            "/bin/sh",
            ["-c", "sleep 30 & echo $! > '\(pidFile.path)'; trap 'exit 130' INT; while :; do sleep 0.1; done"],
            interruption: interruption,
            grace: 10
        )
        XCTAssertLessThan(Date().timeIntervalSince(started), 8, "the fixer was not told, or waited for")
        XCTAssertEqual(status, 130)
        try ProcessState.assertEnded(pidFile)
    }
}
