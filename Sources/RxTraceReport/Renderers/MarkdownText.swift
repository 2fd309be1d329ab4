/// Free text made safe for GitHub's Markdown, which reads `<Int>` in `BehaviorSubject<Int>` as an
/// HTML tag and shows nothing of it. Outside code spans `&`, `<` and `>` become entities; inside
/// a code span (a fix's `` `[weak self]` ``) text is shown as written, so it is left as it is:
/// an entity there would be shown as `&lt;`.
enum MarkdownText {
    /// Text for prose outside tables: HTML-like text shown as text, code spans kept.
    static func prose(_ text: String) -> String {
        var out = ""
        var inCode = false
        let pieces = text.split(separator: "`", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            if index > 0 { out += "`" }
            // A last backtick with no partner opens no span: CommonMark shows it as a character.
            let unclosed = inCode && index == pieces.count - 1
            out += inCode && !unclosed ? String(piece) : escapingHTML(piece)
            inCode.toggle()
        }
        return out
    }

    /// Text for a table cell: prose on one line, no pipes (a pipe ends a cell, in a code span too).
    static func cell(_ text: String) -> String {
        prose(onOneLine(text)).replacingOccurrences(of: "|", with: "\\|")
    }

    /// Text inside a code span: backticks would end it, pipes would split a table row.
    static func code(_ text: String) -> String {
        onOneLine(text).replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
    }

    /// `text` with a space for each line break: a `\r` ends a Markdown line as `\n` does (a test
    /// name with one split its table row), and editors break at the vertical controls and the
    /// Unicode separators too.
    static func onOneLine(_ text: String) -> String {
        let breaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        guard text.unicodeScalars.contains(where: breaks.contains) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(breaks.contains(scalar) ? " " : scalar) }
        return String(out)
    }

    /// `&` first, so the entities made for `<` and `>` are not escaped again.
    private static func escapingHTML(_ text: Substring) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
