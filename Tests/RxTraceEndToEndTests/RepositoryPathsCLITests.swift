#if TRACE_RESOURCES
import Foundation
import XCTest

/// The CLI's report paths do not depend on the folder it was started in.
final class RepositoryPathsCLITests: XCTestCase {
    /// This checkout: the folder holding Tests/ (the fixtures' sources are compiled from it).
    private let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func sarifLocations(
        cwd: URL,
        extra: [String] = []
    ) throws -> (uri: String?, base: String?, text: String, stdout: String) {
        let output = try CLIHarness.temporaryFolder()
        let result = try CLIHarness.run(
            "rxtrace-fixtures",
            ["run", "leaks", "--output", output.path, "--no-color"] + extra,
            in: cwd
        )
        XCTAssertEqual(result.exitCode, 1, result.stdout + result.stderr)
        let text = try String(contentsOf: output.appendingPathComponent("rxtrace.sarif"), encoding: .utf8)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let result0 = try XCTUnwrap(
            ((document["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first
        )
        let artifact =
            ((result0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                "artifactLocation"
            ] as? [String: String]
        return (artifact?["uri"], artifact?["uriBaseId"], text, result.stdout)
    }

    func testStartedInSourcesOrAToolSubfolderPathsAreRelativeToTheRepositoryRoot() throws {
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: checkout.appendingPathComponent(".git").path),
            "the tests run in a git checkout of rxtrace (\(checkout.path))"
        )
        for start in ["Sources", "Tools/rxtrace-fixtures", "."] {
            let found = try sarifLocations(cwd: checkout.appendingPathComponent(start))
            XCTAssertEqual(found.uri, "Tools/rxtrace-fixtures/main.swift", "started in \(start)")
            XCTAssertEqual(found.base, "%SRCROOT%", "started in \(start)")
            XCTAssertTrue(found.stdout.contains("at Tools/rxtrace-fixtures/main.swift:"), found.stdout)
            XCTAssertFalse(
                found.text.contains("file://"),
                "no absolute machine path in the SARIF (started in \(start))"
            )
            XCTAssertFalse(found.text.contains("compiler-generated"), "compiler-generated frames have no location")
            XCTAssertFalse(
                found.text.contains(checkout.path),
                "no absolute machine path in the SARIF (started in \(start))"
            )
        }
    }

    func testAPackageInASubfolderOfALargerRepositoryKeepsItsSubfolder() throws {
        // --source-root names the larger repository; this checkout is then one of its subfolders.
        let larger = checkout.deletingLastPathComponent()
        let found = try sarifLocations(
            cwd: checkout.appendingPathComponent("Sources"),
            extra: ["--source-root", larger.path]
        )
        XCTAssertEqual(found.uri, "\(checkout.lastPathComponent)/Tools/rxtrace-fixtures/main.swift")
        XCTAssertEqual(found.base, "%SRCROOT%")
    }

    func testASourceRootThatIsNotAFolderIsBadInput() throws {
        let result = try CLIHarness.run("rxtrace-fixtures", ["run", "clean", "--source-root", "/nonexistent/folder"])
        XCTAssertEqual(result.exitCode, 2, result.stdout + result.stderr)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("--source-root"), result.stderr)
    }
}
#endif
