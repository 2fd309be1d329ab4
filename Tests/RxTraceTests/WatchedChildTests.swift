import Foundation
import XCTest

@testable import RxTraceRunner

/// How rxtrace waits for a scenario's or a test binary's child process.
final class WatchedChildTests: XCTestCase {
    /// Seen under `make sanitize`: a crashed child's backtracer outlived it, and rxtrace waited
    /// forever, past every timeout, because `Process` did not see the child end while a process
    /// it started lived. A child that exits leaving a process of its own running is seen to
    /// exit at once, with its status; what it left in its process group is ended.
    func testAChildThatExitsLeavingAProcessRunningIsSeenToExitAtOnce() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let pidFile = scratch.url.appendingPathComponent("helper.pid")
        let child = try WatchedChild(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "sleep 15 & echo $! > '\(pidFile.path)'; exit 3"],
            environment: ProcessInfo.processInfo.environment,
            scratch: scratch
        )
        let started = Date()
        let ending = child.wait(interruption: nil, interval: 0.01) { Date().timeIntervalSince(started) > 5 }

        guard case .exited = ending else { return XCTFail("expected the child to exit, got \(ending)") }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "it waited for the helper, not the child")
        XCTAssertEqual(child.status, 3)
        XCTAssertNil(child.crashSignal)
        try ProcessState.assertEnded(pidFile)
    }
}
