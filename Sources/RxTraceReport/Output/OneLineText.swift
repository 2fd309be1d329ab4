/// Text a user gave (an option value, a value quoted from a file) made fit for a one-line error:
/// line breaks and other control characters are written as Swift escapes (`\n`, `\r`, `\t`,
/// `\u{2028}`, `\u{1B}`), so scripts and CI logs that read errors line by line get the whole error,
/// and a terminal shows an escape sequence instead of obeying it. Everything else is kept as
/// written, so the user still recognises the value.
public enum OneLineText {
    public static func escaping(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: breaksTheLine) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if breaksTheLine(scalar) { out += scalar.escaped(asASCII: true) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    private static func breaksTheLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
