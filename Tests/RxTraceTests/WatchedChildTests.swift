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
        let helper = try XCTUnwrap(
            pid_t(try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
        )
        // SIGKILL was sent; the helper is gone, or a zombie until init reaps it, within moments.
        let killedBy = Date().addingTimeInterval(2)
        while Self.state(of: helper) == "S", Date() < killedBy { usleep(10_000) }
        XCTAssertNotEqual(Self.state(of: helper), "S", "the helper still sleeps")
    }

    /// The state letter in /proc/<pid>/stat ("S" sleeping, "Z" zombie), nil once it is gone.
    private static func state(of pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
        return stat.split(separator: ")").last.map { String($0.dropFirst().prefix(1)) }
    }
}
