#if TRACE_RESOURCES
import Foundation
import RxTrace
import XCTest

/// The report files are never lost, mixed or crashed: relative folders of any length, Ctrl-C,
/// two runs into one folder, debris of a killed run, a folder that refuses the files.
final class OutputSafetyTests: XCTestCase {
    private let reportFiles = [
        "rxtrace-status.json", "rxtrace-status.txt", "rxtrace.html", "rxtrace.json", "rxtrace.junit.xml", "rxtrace.md",
        "rxtrace.sarif", "rxtrace.txt",
    ]

    private func report(in folder: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("rxtrace.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func scenarioNames(_ report: [String: Any]) -> [String] {
        ((report["scenarios"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
    }

    func testOneCharacterAndNestedRelativeOutputFolders() throws {
        let cwd = try CLIHarness.temporaryFolder()
        for folder in ["o", "R", "a/reports", "./b/"] {
            let result = try CLIHarness.run(
                "rxtrace-fixtures",
                ["run", "clean", "--output", folder, "--no-color"],
                in: cwd
            )
            XCTAssertEqual(result.exitCode, 0, "--output \(folder): \(result.stdout)\(result.stderr)")
            XCTAssertEqual(CLIHarness.files(in: cwd.appendingPathComponent(folder)), reportFiles, "--output \(folder)")
        }
    }

    /// Ctrl-C (or SIGTERM) while a scenario hangs: no further scenario starts, the running child
    /// is ended, the finished scenario's reports are written marked interrupted, exit 130, and
    /// no scratch folder is left.
    func testAnInterruptedRunReportsWhatFinished() throws {
        for signal in [SIGINT, SIGTERM] {
            let scratch = try CLIHarness.temporaryFolder()
            let output = scratch.appendingPathComponent("Reports")
            let running = try CLIHarness.start(
                "rxtrace-fixtures",
                ["run", "clean", "hangs", "leaks", "--output", output.path, "--no-color"],
                environment: ["TMPDIR": scratch.path]
            )
            let childScratch = { () -> [URL] in
                CLIHarness.files(in: scratch).filter { $0.hasPrefix("rxtrace-\(running.process.processIdentifier)-") }
                    .map { scratch.appendingPathComponent($0) }
            }
            let hanging = CLIHarness.waitUntil {
                childScratch().contains {
                    ((try? String(contentsOf: $0.appendingPathComponent("output.txt"), encoding: .utf8)) ?? "")
                        .contains("about to hang")
                }
            }
            XCTAssertTrue(hanging, "the hanging scenario started")
            let child = try childProcesses(of: running.process.processIdentifier)
            XCTAssertEqual(child.count, 1)
            kill(running.process.processIdentifier, signal)
            let result = try running.finish()

            XCTAssertEqual(result.exitCode, 130, result.stdout + result.stderr)
            let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
            XCTAssertTrue(
                result.stdout.contains("Interrupted by \(name); 2 scenarios did not finish: hangs, leaks"),
                result.stdout
            )
            XCTAssertEqual(CLIHarness.files(in: output), reportFiles)
            let json = try report(in: output)
            XCTAssertEqual(scenarioNames(json), ["clean"])
            let interruption = try XCTUnwrap(json["interruption"] as? [String: Any])
            XCTAssertEqual(interruption["signal"] as? String, name)
            XCTAssertEqual(interruption["unfinishedScenarios"] as? [String], ["hangs", "leaks"])
            XCTAssertEqual(childScratch(), [], "scratch folders removed")
            let sarif = try String(contentsOf: output.appendingPathComponent("rxtrace.sarif"), encoding: .utf8)
            XCTAssertTrue(sarif.contains(#""executionSuccessful" : false"#), sarif)
            XCTAssertTrue(
                sarif.contains("Run interrupted by \(name); 2 scenarios did not finish: hangs, leaks."),
                sarif
            )
            XCTAssertFalse(
                child.contains { FileManager.default.fileExists(atPath: "/proc/\($0)/cmdline") && isZombieFree($0) },
                "the hanging child was ended"
            )
        }
    }

    /// A run killed outright (SIGKILL) cannot remove its scratch folders; the next run removes
    /// those whose process is gone (unchanged for an hour), and leaves a live run's alone.
    func testScratchFoldersOfDeadRunsAreRemoved() throws {
        let scratch = try CLIHarness.temporaryFolder()
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = "rxtrace-\(finished.processIdentifier)-\(UUID().uuidString)"
        let live = "rxtrace-\(getpid())-\(UUID().uuidString)"
        let recentDead = "rxtrace-\(finished.processIdentifier)-\(UUID().uuidString)"
        let twoHoursAgo = Date().addingTimeInterval(-7200)
        for name in [dead, live, "rxtrace-tests-keep", recentDead] {
            let folder = scratch.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if name != recentDead {
                try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: folder.path)
            }
        }
        let result = try CLIHarness.start(
            "rxtrace-fixtures",
            ["run", "clean", "--output", scratch.appendingPathComponent("Reports").path],
            environment: ["TMPDIR": scratch.path]
        ).finish()
        XCTAssertEqual(result.exitCode, 0, result.stdout + result.stderr)
        XCTAssertEqual(CLIHarness.files(in: scratch), ["Reports", live, "rxtrace-tests-keep", recentDead].sorted())
    }

    func testASecondRunIntoALockedFolderIsOneLineAndRunsNothing() throws {
        let output = try CLIHarness.temporaryFolder()
        let lock = try OutputFolderLock(folder: output.path)
        defer { lock.release() }
        let result = try CLIHarness.run("rxtrace-fixtures", ["run", "clean", "--output", output.path])
        XCTAssertEqual(result.exitCode, 2, result.stdout + result.stderr)
        XCTAssertEqual(
            result.stderrLines,
            [
                "rxtrace-fixtures: error: another rxtrace run is writing reports to '\(output.path)'; wait for it to finish or choose another --output folder"
            ]
        )
        XCTAssertEqual(result.stdout, "rxtrace: status=bad-input exit=2\n", "only the status line")
        XCTAssertEqual(CLIHarness.files(in: output), [])
    }

    /// What a run killed in its write phase left (temporary files, a half-staged set) is
    /// removed; what it staged completely is finished; the folder then holds one run's set.
    func testDebrisOfAKilledWriteIsCleanedAndTheSetIsOneRuns() throws {
        let output = try CLIHarness.temporaryFolder()
        for file in reportFiles {
            try Data("old \(file)".utf8).write(to: output.appendingPathComponent(file))
        }
        for file in ["rxtrace.txt", "rxtrace.html", "rxtrace.json", "rxtrace.sarif"] {
            try Data("partial".utf8).write(to: output.appendingPathComponent(".\(file).4242.17.tmp"))
        }
        let halfStaged = output.appendingPathComponent(".rxtrace.staging")
        try FileManager.default.createDirectory(at: halfStaged, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: halfStaged.appendingPathComponent("rxtrace.txt"))
        try Data("keep".utf8).write(to: output.appendingPathComponent("notes.txt"))

        let result = try CLIHarness.run("rxtrace-fixtures", ["run", "clean", "--output", output.path, "--no-color"])
        XCTAssertEqual(result.exitCode, 0, result.stdout + result.stderr)
        XCTAssertEqual(CLIHarness.files(in: output), (reportFiles + ["notes.txt"]).sorted())
        for file in reportFiles {
            let text = try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8)
            XCTAssertFalse(text.hasPrefix("old ") || text == "half", "\(file) is from this run")
        }
        XCTAssertEqual(scenarioNames(try report(in: output)), ["clean"])
    }

    func testACompletelyStagedSetIsRolledForwardByTheNextLock() throws {
        let output = try CLIHarness.temporaryFolder()
        for file in reportFiles {
            try Data("old".utf8).write(to: output.appendingPathComponent(file))
        }
        // Killed after staging all five and two renames: three old files beside two new ones.
        let staged = output.appendingPathComponent(".rxtrace.staging")
        try FileManager.default.createDirectory(at: staged, withIntermediateDirectories: true)
        for file in reportFiles.dropFirst(2) {
            try Data("new".utf8).write(to: staged.appendingPathComponent(file))
        }
        for file in reportFiles.prefix(2) {
            try Data("new".utf8).write(to: output.appendingPathComponent(file))
        }
        try Data(reportFiles.joined(separator: "\n").utf8).write(to: staged.appendingPathComponent("COMPLETE"))

        let lock = try OutputFolderLock(folder: output.path)
        lock.release()
        XCTAssertEqual(CLIHarness.files(in: output), reportFiles)
        for file in reportFiles {
            XCTAssertEqual(try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8), "new", file)
        }
    }

    /// Every scenario ran: when the files cannot be written, the text report is still shown,
    /// then the one-line error and exit code 2.
    func testReportsThatCannotBeWrittenAreShownOnTheTerminalFirst() throws {
        let output = try CLIHarness.temporaryFolder()
        try FileManager.default.createDirectory(
            at: output.appendingPathComponent("rxtrace.json"),
            withIntermediateDirectories: true
        )
        let result = try CLIHarness.run(
            "rxtrace-fixtures",
            ["run", "clean", "leaks", "--output", output.path, "--no-color"]
        )
        XCTAssertEqual(result.exitCode, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("✓ clean"), result.stdout)
        XCTAssertTrue(result.stdout.contains("✗ leaks"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Summary: 2 scenarios"), result.stdout)
        XCTAssertFalse(result.stdout.contains("Reports:"), result.stdout)
        XCTAssertEqual(
            result.stderrLines,
            ["rxtrace-fixtures: error: cannot write reports to '\(output.path)': rxtrace.json is a directory"]
        )
        XCTAssertEqual(CLIHarness.files(in: output), ["rxtrace.json"])
    }

    private func childProcesses(of parent: Int32) throws -> [Int32] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent
        }
    }

    /// A process that still exists and is not a zombie waiting to be reaped.
    private func isZombieFree(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }
}
#endif
