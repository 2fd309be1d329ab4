import Foundation
import XCTest

/// What the kernel says of a process a test started (through /proc).
enum ProcessState {
    /// The state letter in /proc/<pid>/stat ("S" sleeping, "Z" zombie), nil once it is gone.
    static func letter(of pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
        return stat.split(separator: ")").last.map { String($0.dropFirst().prefix(1)) }
    }

    /// The process whose number a shell wrote to `pidFile` is gone, or a zombie until init
    /// reaps it, within two seconds (SIGKILL was sent).
    static func assertEnded(_ pidFile: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = try String(contentsOf: pidFile, encoding: .utf8)
        let pid = try XCTUnwrap(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), file: file, line: line)
        let deadline = Date().addingTimeInterval(2)
        while letter(of: pid) == "S", Date() < deadline { usleep(10_000) }
        XCTAssertNotEqual(letter(of: pid), "S", "the process it left still sleeps", file: file, line: line)
    }
}
