/// One replacement in a file's UTF-8 bytes. Edits are computed from the syntax tree's positions
/// and applied to the original text, so every byte the rewriter does not touch (formatting,
/// comments) stays as it was.
struct SourceEdit: Equatable {
    var start: Int
    var end: Int
    var replacement: String

    static func insert(_ text: String, at offset: Int) -> SourceEdit {
        SourceEdit(start: offset, end: offset, replacement: text)
    }

    /// How many bytes the edit adds (negative when it removes).
    var delta: Int { replacement.utf8.count - (end - start) }
}

extension Array where Element == SourceEdit {
    /// The text with every edit applied; edits must not overlap.
    func applied(to source: String) -> String {
        var bytes = [UInt8](source.utf8)
        for edit in sorted(by: { ($0.start, $0.end) > ($1.start, $1.end) }) {
            bytes.replaceSubrange(edit.start..<edit.end, with: [UInt8](edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where `offset` of the original text lands once the edits are applied: text inserted at
    /// the offset itself counts as before it.
    func mapped(_ offset: Int) -> Int {
        offset + filter { $0.end <= offset }.reduce(0) { $0 + $1.delta }
    }
}

/// The 1-based line of a UTF-8 offset in `text`.
func lineNumber(ofOffset offset: Int, in text: String) -> Int {
    text.utf8.prefix(offset).reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
}
