#if TRACE_RESOURCES && DEBUG
import Foundation
import XCTest

/// `drive` called off the main thread behaves as RxCocoa's does in a debug build: it stops
/// there with RxCocoa's message, and rxtrace reports the scenario as crashed with that message.
final class DriveOffMainThreadTests: XCTestCase {
    func testDriveOffTheMainThreadStopsADebugBuildWithRxCocoasMessage() throws {
        let output = try CLIHarness.temporaryFolder()
        let result = try CLIHarness.run("rxtrace-fixtures", ["run", "drives-off-main-thread", "--output", output.path, "--no-color"])

        XCTAssertEqual(result.exitCode, 3, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("crashed"), result.stdout)
        XCTAssertTrue(result.stdout.contains("about to drive off the main thread"), result.stdout)
        XCTAssertTrue(
            (result.stdout + result.stderr).contains("`drive*` family of methods can be only called from `MainThread`"),
            result.stdout + result.stderr
        )
        // The crash is placed at the user's `drive` line, not inside RxCocoa or RxCore.
        let driveLine = try Self.lineOfFixture(marked: "fixture: the off-main drive")
        XCTAssertTrue(result.stdout.contains("at Tools/rxtrace-fixtures/main.swift:\(driveLine) "), result.stdout)
    }

    private static func lineOfFixture(marked marker: String) throws -> Int {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = try String(contentsOf: root.appendingPathComponent("Tools/rxtrace-fixtures/main.swift"), encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains(marker) }) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return index + 1
    }
}
#endif
