#if TRACE_RESOURCES
import XCTest

/// `rxtrace list` as a user reads it: every scenario on its own line with its whole expected
/// verdict in words, never cut to a fixed width.
final class ListCommandTests: XCTestCase {
    func testListShowsEachExpectedVerdictInFull() throws {
        let result = try CLIHarness.run("rxtrace", ["list"])
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func line(_ name: String) -> String? { lines.first { $0.hasPrefix(name + " ") } }
        XCTAssertTrue(line("observe-on-hops")?.contains("  hops reported  ") ?? false, "\(lines)")
        XCTAssertTrue(line("overlapping-on")?.contains("  thread anomaly  ") ?? false, "\(lines)")
        XCTAssertTrue(line("strong-self-cycle")?.contains("  cycle  ") ?? false, "\(lines)")
        XCTAssertTrue(line("weak-self")?.contains("  clean  ") ?? false, "\(lines)")
    }
}
#endif
