/// One replacement of a patch, in the terms SARIF's `replacement` uses (and the report's
/// `FindingPatch`): the region of the original file it deletes, 1-based lines and columns in
/// Unicode code points (the end column is the one just past the region, equal to the start for
/// an insertion), and the text put in its place.
public struct FixReplacement: Codable, Equatable, Sendable {
    public var file: String
    public var startLine: Int
    public var startColumn: Int
    public var endLine: Int
    public var endColumn: Int
    public var text: String

    /// The replacements that turn `original` into the patched file, in file order.
    static func of(_ patch: SourcePatch, file: String) -> [FixReplacement] {
        let positions = CodePointPositions(patch.original)
        return patch.edits.sorted { ($0.start, $0.end) < ($1.start, $1.end) }.map { edit in
            let start = positions.position(ofByte: edit.start)
            let end = positions.position(ofByte: edit.end)
            return FixReplacement(
                file: file,
                startLine: start.line,
                startColumn: start.column,
                endLine: end.line,
                endColumn: end.column,
                text: edit.replacement
            )
        }
    }
}

/// The line and code-point column of each UTF-8 offset of a text.
struct CodePointPositions {
    private var lineAndColumn: [Int: (line: Int, column: Int)] = [:]
    private let byteCount: Int

    init(_ text: String) {
        var line = 1
        var column = 1
        var offset = 0
        for scalar in text.unicodeScalars {
            lineAndColumn[offset] = (line, column)
            offset += String(scalar).utf8.count
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        lineAndColumn[offset] = (line, column)
        byteCount = offset
    }

    func position(ofByte offset: Int) -> (line: Int, column: Int) {
        lineAndColumn[min(offset, byteCount)] ?? (1, 1)
    }
}
