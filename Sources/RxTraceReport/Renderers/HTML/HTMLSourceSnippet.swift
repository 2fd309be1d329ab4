/// The source around a call site: numbered lines, the call site's own line highlighted.
struct HTMLSourceSnippet {
    let snippet: SourceSnippet

    var node: HTMLNode {
        .element("pre", [.class("snippet")]) {
            for (number, text) in snippet.numberedLines {
                HTMLNode.element("span", [.class("line", number == snippet.highlightedLine ? "hl" : "")]) {
                    HTMLNode.element("span", [.class("no")], text: "\(number)")
                    text.isEmpty ? " " : text
                }
            }
        }
    }
}
