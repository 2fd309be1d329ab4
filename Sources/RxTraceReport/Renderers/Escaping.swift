/// Escaping for the markup renderers. Everything that comes from a scenario (names, types,
/// function names, captured output) goes through here.
enum Escaping {
    /// Text and attribute values in HTML.
    static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        appendHTML(text, to: &out)
        return out
    }

    /// Appends `text` escaped for HTML text or an attribute value. Most report text has
    /// nothing to escape and is appended whole.
    static func appendHTML(_ text: String, to out: inout String) {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            out += text
            return
        }
        for scalar in text.unicodeScalars {
            if let reference = markupReference(scalar) { out += reference } else { out.unicodeScalars.append(scalar) }
        }
    }

    /// The five characters markup gives a meaning to, as references HTML and XML both read
    /// (`&#39;`, not XML's `&apos;`, which HTML 4 lacks); nil for every other character.
    private static func markupReference(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": return "&amp;"
        case "<": return "&lt;"
        case ">": return "&gt;"
        case "\"": return "&quot;"
        case "'": return "&#39;"
        default: return nil
        }
    }

    /// Text and attribute values in XML 1.0. Characters XML 1.0 cannot carry at all (control
    /// characters such as the ESC of ANSI colours in captured output) become U+FFFD; newlines
    /// and tabs in attributes become character references so they survive normalisation.
    static func xml(_ text: String, attribute: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let reference = markupReference(scalar) {
                out += reference
                continue
            }
            switch scalar {
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\r": out += "&#13;"
            case "\t": out += attribute ? "&#9;" : "\t"
            default:
                let v = scalar.value
                let allowed = (v >= 0x20 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000
                if allowed { out.unicodeScalars.append(scalar) } else { out += "\u{FFFD}" }
            }
        }
        return out
    }
}
