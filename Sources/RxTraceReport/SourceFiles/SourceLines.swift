import Foundation

/// The lines of source files, read once per file per process: what signatures are built from
/// (a call site's own text) and what reports show around a call site. A file that cannot be
/// read (moved, built elsewhere) has no lines; callers fall back to what they have.
public final class SourceLines: @unchecked Sendable {
    public static let shared = SourceLines()

    private let lock = NSLock()
    private var files: [String: [Substring]?] = [:]
    private var identities: [String: [(text: String, ordinal: Int)]] = [:]

    /// The file's lines (without line terminators), or nil when it cannot be read.
    public func lines(of path: String) -> [Substring]? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = files[path] { return cached }
        var lines: [Substring]?
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.last == "\r" ? line.dropLast() : line
            }
        }
        files[path] = lines
        return lines
    }

    /// Line `number` (1-based) of `path`.
    func line(_ number: Int, of path: String) -> Substring? {
        guard let lines = lines(of: path), number >= 1, number <= lines.count else { return nil }
        return lines[number - 1]
    }

    /// Line `number`'s normalised text and its ordinal among the lines of the file with the
    /// same normalised text (1 for the first). Computed once per file.
    package func identity(ofLine number: Int, in path: String) -> (text: String, ordinal: Int)? {
        guard let lines = lines(of: path), number >= 1, number <= lines.count else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let known = identities[path] { return known[number - 1] }
        var seen: [String: Int] = [:]
        let computed = lines.map { line -> (text: String, ordinal: Int) in
            let text = SourceLines.normalized(line)
            seen[text, default: 0] += 1
            return (text, seen[text]!)
        }
        identities[path] = computed
        return computed[number - 1]
    }

    /// Trimmed, with every run of whitespace made one space: indentation and alignment do not
    /// change what a line says.
    static func normalized<Text: StringProtocol>(_ line: Text) -> String {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
