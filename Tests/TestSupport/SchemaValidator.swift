import Foundation

/// Runs the repository's schema validator (Tools/checks/validate_report.py).
public enum SchemaValidator {
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    public struct Result {
        public var status: Int32
        public var output: String
    }

    public static func validate(_ mode: String, _ text: String) throws -> Result {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxtrace-validate-\(UUID().uuidString).\(mode)"
        )
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", repositoryRoot.appendingPathComponent("Tools/checks/validate_report.py").path, mode, file.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
