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
        return candidates.first {
            FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("rxtrace").path)
        }
            ?? candidates[0]
    }

    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> CLIResult {
        try start(executable, arguments, in: directory).finish()
    }

    /// A launched executable, for tests that act while it runs (signals, locks).
    struct Running {
        var process: Process
        var outURL: URL
        var errURL: URL
        var out: FileHandle
        var err: FileHandle

        /// What it has written to stdout so far.
        var stdoutSoFar: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }

        func finish() throws -> CLIResult {
            process.waitUntilExit()
            try out.close()
            try err.close()
            return CLIResult(
                exitCode: process.terminationStatus,
                stdout: try String(contentsOf: outURL, encoding: .utf8),
                stderr: try String(contentsOf: errURL, encoding: .utf8)
            )
        }
    }

    static func start(
        _ executable: String,
        _ arguments: [String],
        in directory: URL? = nil,
        environment: [String: String] = [:]
    ) throws -> Running {
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
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return Running(process: process, outURL: outURL, errURL: errURL, out: out, err: err)
    }

    /// Waits, polling, until `condition` holds (at most `limit` seconds; false then).
    static func waitUntil(limit: TimeInterval = 60, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// A fresh folder under the temporary directory, removed when the test process exits
    /// (each `swift test` left about fifty behind before).
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        TemporaryFolders.removeAtExit(url)
        return url
    }

    static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}

/// The test process's temporary folders, removed by an `atexit` handler.
private enum TemporaryFolders {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var folders: [URL] = []
    private static let handlerInstalled: Void = { atexit { TemporaryFolders.removeAll() } }()

    static func removeAtExit(_ folder: URL) {
        _ = handlerInstalled
        lock.lock()
        folders.append(folder)
        lock.unlock()
    }

    private static func removeAll() {
        lock.lock()
        let all = folders
        lock.unlock()
        for folder in all { try? FileManager.default.removeItem(at: folder) }
    }
}
#endif
