import Foundation

/// Runs a process and collects its output (stdout and stderr together, as a person reads them).
enum Command {
    struct Result {
        var status: Int32
        var output: String
    }

    /// Throws `FixInterruption.Stopped` when Ctrl-C came before or while it ran (the signal is
    /// passed on to it).
    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> Result {
        try FixInterruption.check()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxtrace-fix-\(UUID().uuidString).log"
        )
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        FixInterruption.whileRunning(process) { process.waitUntilExit() }
        try handle.close()
        try FixInterruption.check()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: output), as: UTF8.self)
        )
    }
}

/// A fault of the fixer's own input or environment: one line, exit 2.
public struct FixToolError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
