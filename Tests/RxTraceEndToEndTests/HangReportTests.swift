#if TRACE_RESOURCES
import Foundation
import TestSupport
import XCTest

/// A scenario that times out says where it waited: its threads' stacks, captured before the
/// child is ended, with the user frame (file:line) each thread waited at.
final class HangReportTests: XCTestCase {
    private let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private let fixtures = "Tools/rxtrace-fixtures/main.swift"

    /// The line of the fixtures' source that carries `marker`.
    private func line(_ marker: String) throws -> Int {
        let source = try String(contentsOf: checkout.appendingPathComponent(fixtures), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return try XCTUnwrap(lines.firstIndex { $0.contains(marker) }) + 1
    }

    func testATimedOutScenarioReportsTheLinesItsThreadsWaitedAt() throws {
        let output = try CLIHarness.temporaryFolder()
        let result = try CLIHarness.run(
            "rxtrace-fixtures",
            ["run", "deadlocks", "--timeout", "2", "--output", output.path, "--no-color"],
            in: checkout
        )
        XCTAssertEqual(result.exitCode, 3, result.stdout + result.stderr)
        let mainLine = try line("// fixture: the main thread waits here")
        let workerLine = try line("// fixture: the worker waits here")

        XCTAssertTrue(result.stdout.contains("timed out after 2.00 s"), result.stdout)
        XCTAssertTrue(result.stdout.contains("where it waited:"), result.stdout)
        XCTAssertTrue(result.stdout.contains(" at \(fixtures):\(mainLine) in "), result.stdout)
        XCTAssertTrue(result.stdout.contains(" at \(fixtures):\(workerLine) in "), result.stdout)

        let data = try Data(contentsOf: output.appendingPathComponent("rxtrace.json"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let scenario = try XCTUnwrap((json["scenarios"] as? [[String: Any]])?.first)
        let threads = try XCTUnwrap(scenario["threadStacks"] as? [[String: Any]])
        let userFrames = threads.map { thread in
            ((thread["frames"] as? [[String: Any]]) ?? []).first { $0["origin"] as? String == "user" }
        }
        // Threads in user code come first: the main thread and the worker, then the others.
        XCTAssertEqual(userFrames.prefix(2).compactMap { $0?["file"] as? String }, [fixtures, fixtures])
        XCTAssertEqual(Set(userFrames.prefix(2).compactMap { $0?["line"] as? Int }), [mainLine, workerLine])
        XCTAssertTrue(userFrames.dropFirst(2).allSatisfy { $0 == nil })
        let validation = try SchemaValidator.validate("json", String(decoding: data, as: UTF8.self))
        XCTAssertEqual(validation.status, 0, validation.output)
    }

    /// With --jobs above 1 the children are started from a worker thread, whose signal mask
    /// (dispatch blocks SIGUSR1 and SIGPROF there) they inherit: the hang request never arrived
    /// and the report said where no thread waited (seen with `rxtrace test --jobs 2`).
    func testATimedOutScenarioSaysWhereItWaitedWithSeveralJobs() throws {
        let output = try CLIHarness.temporaryFolder()
        let result = try CLIHarness.run(
            "rxtrace-fixtures",
            [
                "run", "deadlocks", "traps", "--jobs", "2", "--timeout", "2",
                "--output", output.path, "--no-color",
            ],
            in: checkout
        )
        XCTAssertEqual(result.exitCode, 3, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("where it waited:"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains(" at \(fixtures):\(try line("// fixture: the main thread waits here")) in "),
            result.stdout
        )
    }

    func testACrashReportsTheLineItCrashedAt() throws {
        let output = try CLIHarness.temporaryFolder()
        let result = try CLIHarness.run(
            "rxtrace-fixtures",
            ["run", "traps", "--output", output.path, "--no-color"],
            in: checkout
        )
        XCTAssertEqual(result.exitCode, 3, result.stdout + result.stderr)
        let trapLine = try line(#"fatalError("fixture trap")"#)
        XCTAssertTrue(result.stdout.contains("where it crashed:"), result.stdout)
        XCTAssertTrue(result.stdout.contains(" at \(fixtures):\(trapLine) in "), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("Fatal error: fixture trap"),
            "the child's own output is kept:\n\(result.stdout)"
        )
    }
}
#endif
