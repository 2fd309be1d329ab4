#if TRACE_RESOURCES
import Foundation
import XCTest

/// A scenario that traps or hangs is reported as such, and the others still run and report.
final class IsolationTests: XCTestCase {
    func testCrashingAndHangingScenariosAreReportedWhileTheOthersRun() throws {
        let output = try CLIHarness.temporaryFolder()
        let result = try CLIHarness.run(
            "rxtrace-fixtures",
            ["run", "clean", "traps", "hangs", "--timeout", "3", "--output", output.path, "--no-color"]
        )

        XCTAssertEqual(result.exitCode, 3, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("traps"), result.stdout)
        XCTAssertTrue(result.stdout.contains("crashed"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("about to trap"),
            "the crashed child's output is reported:\n\(result.stdout)"
        )
        XCTAssertTrue(result.stdout.contains("timed out"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("about to hang"),
            "the hanging child's output is reported:\n\(result.stdout)"
        )
        XCTAssertTrue(result.stdout.contains("clean"), result.stdout)
    }

    func testAThrowingBodyIsAFailedScenario() throws {
        let output = try CLIHarness.temporaryFolder()
        let result = try CLIHarness.run("rxtrace-fixtures", ["run", "throws", "--output", output.path, "--no-color"])
        XCTAssertEqual(result.exitCode, 3, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("FixtureError"), result.stdout)
    }
}
#endif
