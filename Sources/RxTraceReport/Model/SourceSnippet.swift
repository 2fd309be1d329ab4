/// A few lines of source around a call site, read from the file when the report is made (so
/// reports show the code as it is in the checkout being reviewed).
public struct SourceSnippet: Codable, Equatable, Sendable {
    /// The number of the first line in `lines`.
    public var firstLine: Int
    public var lines: [String]
    /// The call site's own line (the `subscribe` call), within `firstLine ..< firstLine + lines.count`.
    public var highlightedLine: Int

    public init(firstLine: Int, lines: [String], highlightedLine: Int) {
        self.firstLine = firstLine
        self.lines = lines
        self.highlightedLine = highlightedLine
    }

    /// The highlighted line's text.
    public var highlightedText: String? {
        let index = highlightedLine - firstLine
        return lines.indices.contains(index) ? lines[index] : nil
    }

    /// `(number, text)` for each line.
    public var numberedLines: [(number: Int, text: String)] {
        lines.enumerated().map { (firstLine + $0.offset, $0.element) }
    }
}
