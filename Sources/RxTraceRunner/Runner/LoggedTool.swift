import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tool rxtrace runs to its end with its output in a file: `swift build` of the package's
/// tests or of the fixer, a test binary listing its tests. Ctrl-C stops it and what it started.
enum LoggedTool {
    /// Runs a tool to its end with its output in a file; its exit status. With an interruption,
    /// a signal stops the tool at once (SIGINT, as Ctrl-C would, then SIGKILL if it lingers);
    /// `progress` gets the output's latest progress line every few seconds.
    static func run(
        _ tool: String,
        _ arguments: [String],
        environment: [String: String],
        output: URL,
        interruption: Interruption? = nil,
        progress: (String) -> Void = { _ in }
    ) throws -> Int32 {
        let process = Process()
        if tool.contains("/") {
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [tool] + arguments
        }
        process.environment = environment
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let started = Date()
        var lastReport = started
        // The compiler jobs of a build are in the tool's process group: a stop reaches them all.
        return ChildEnding.wait(for: process, interruption: interruption, stop: SIGINT, grace: 5, interval: 0.1) {
            guard Date().timeIntervalSince(lastReport) >= BuildProgress.interval else { return }
            lastReport = Date()
            let line = BuildProgress.latest(in: output) ?? "resolving and planning"
            progress("\(line) (\(Int(Date().timeIntervalSince(started))) s)")
        }
    }
}
