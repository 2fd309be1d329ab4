#if TRACE_RESOURCES
import Foundation
import XCTest

/// Launches the built rxtrace executables (the CLI exactly as users run it) and collects
/// exit code, stdout and stderr.
struct CLIResult {
    var exitCode: Int32
    var stdout: String
    var stderr: String

    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
}

enum CLIHarness {
    /// The folder holding the test bundle, where SwiftPM also puts the executables it built.
    static var productsFolder: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("rxtrace").path) }
            ?? candidates[0]
    }

    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> CLIResult {
        let path = productsFolder.appendingPathComponent(executable)
        guard FileManager.default.isExecutableFile(atPath: path.path) else {
            throw XCTSkip("\(path.path) not built (swift build --build-tests --traits TraceResources builds it)")
        }
        let scratch = try temporaryFolder()
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = path
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return CLIResult(
            exitCode: process.terminationStatus,
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8)
        )
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}
#endif
