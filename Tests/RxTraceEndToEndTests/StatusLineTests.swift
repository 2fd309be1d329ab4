#if TRACE_RESOURCES
import Foundation
import XCTest

/// The command line as CI reads it: the last line of standard output is the run's status on every
/// exit path, and `--help` names the command users type.
final class StatusLineTests: XCTestCase {
    func testTheLastLineSaysLeaksForALeakAndBadInputForBadInput() throws {
        let output = try CLIHarness.temporaryFolder().appendingPathComponent("reports")
        let leaks = try CLIHarness.run("rxtrace-fixtures", ["check", "--filter", "leaks", "--output", output.path])
        XCTAssertEqual(leaks.exitCode, 1, leaks.stdout)
        XCTAssertEqual(
            leaks.stdout.split(separator: "\n").last.map(String.init),
            "rxtrace: status=leaks exit=1 scenarios=1 passed=0 failed=1 crashed=0 leaking=1 new=1"
        )
        XCTAssertEqual(
            try String(contentsOf: output.appendingPathComponent("rxtrace-status.txt"), encoding: .utf8),
            "rxtrace: status=leaks exit=1 scenarios=1 passed=0 failed=1 crashed=0 leaking=1 new=1\n"
        )

        let usage = try CLIHarness.run("rxtrace-fixtures", ["test", "--jobs", "0"])
        XCTAssertEqual(usage.exitCode, 2)
        XCTAssertEqual(usage.stdout, "rxtrace: status=bad-input exit=2\n")
    }

    func testHelpNamesRxtraceEvenThroughThePluginsCopyAndListsTestFirst() throws {
        // SwiftPM's command plugin runs its own copy of the tool, named rxtrace-tool.
        let folder = try CLIHarness.temporaryFolder()
        let copy = folder.appendingPathComponent("rxtrace-tool")
        try FileManager.default.createSymbolicLink(
            at: copy,
            withDestinationURL: CLIHarness.productsFolder.appendingPathComponent("rxtrace")
        )
        let process = Process()
        process.executableURL = copy
        process.arguments = ["--help"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let help = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        XCTAssertTrue(help.contains("USAGE: rxtrace <subcommand>"), help)
        XCTAssertFalse(help.contains("rxtrace-tool"), help)
        let subcommands = try XCTUnwrap(help.components(separatedBy: "SUBCOMMANDS:").last)
        let first = subcommands.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        XCTAssertEqual(first?.trimmingCharacters(in: .whitespaces).split(separator: " ").first, "test", help)
    }
}
#endif
