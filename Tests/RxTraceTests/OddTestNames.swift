import SeededRandom

/// Seeded test names with the characters that break reports and selections: quotes, line
/// breaks of every kind, `/`, markup, control characters, emoji, very long names. Each name is
/// unique and framed by `open` and `close`, so a check can find where it starts and whether it
/// was cut or broken across lines.
enum OddTestNames {
    static let open = "⟦"
    static let close = "⟧"

    static let pieces = [
        "\"", "'", "`", "\n", "\r\n", "\r", "\u{2028}", "\u{85}", "\t", "/", "//", "é", "👩‍👩‍👧",
        "<script>alert(1)</script>",
        "<b>", "&", "&amp;", "<>", "]]>", "|", "*_", "\\", "%s%n", "\u{0}", "\u{7}", "\u{1B}[31m", "\u{FEFF}",
        "\u{202E}",
        " ", "#", "[", "]", "(x:)", "${x}",
    ]

    /// `count` names, `index` and seed making each unique and reproducible.
    static func make(count: Int, seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            var name = "Module.Suite/test\(index)"
            for _ in 0..<Int.random(in: 1...6, using: &random) { name += pieces.randomElement(using: &random)! }
            if random.chance(5) { name += String(repeating: "long·", count: 2_000) }
            return open + name + close
        }
    }

    /// Where text breaks a line for a reader: CommonMark's line endings, and the separators and
    /// vertical controls a terminal or editor breaks at.
    static func breaksALine(_ scalar: Unicode.Scalar) -> Bool {
        ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
    }

    /// The lines of `text`, split wherever a reader breaks one.
    static func lines(_ text: String) -> [Substring.UnicodeScalarView] {
        text.unicodeScalars.split(omittingEmptySubsequences: false, whereSeparator: breaksALine)
    }
}
