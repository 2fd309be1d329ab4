import Foundation

/// What a running `swift build` is doing, read from the end of its log, for the line
/// `rxtrace test` prints every few seconds while the tests build (the longest step of a first run).
enum BuildProgress {
    /// Seconds between two progress lines.
    static let interval: TimeInterval = 5

    /// The log's latest step: `[412/976] Compiling RxCore Map.swift`, a dependency being fetched
    /// or resolved; nil before SwiftPM printed anything.
    static func latest(in log: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: log) else { return nil }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > 4096 ? size - 4096 : 0)
        return latest(String(decoding: handle.readDataToEndOfFile(), as: UTF8.self))
    }

    /// The last line of `text` that says what SwiftPM is doing.
    static func latest(_ text: String) -> String? {
        let steps = ["[", "Fetching", "Cloning", "Computing version", "Updating", "Resolving", "Building", "Planning"]
        return text.split(separator: "\n").reversed().lazy.map { $0.trimmingCharacters(in: .whitespaces) }
            .first { line in steps.contains { line.hasPrefix($0) } }
    }
}
