/// A piece of an HTML page (inline SVG included) as a tree, rendered in one pass.
///
/// Escaping by construction: element and attribute names are `StaticString`s written in this
/// module, and every `String` a node holds (text, attribute values) is escaped when the tree is
/// rendered. The only markup that is not escaped is `trusted(_:)`, which takes a `StaticString`
/// too (the style sheet and the script), so no text from a report can ever become markup.
///
/// Why not Plot or swift-mustache (measured on this machine, 1,000 findings of 30 frames each):
/// Plot writes attribute values unescaped (`data-signature="sig""` for a `"` in the value) and
/// took 0.58 s release / 1.36 s debug; swift-mustache escapes correctly but took 0.35–0.65 s /
/// 0.61–0.87 s; this tree takes 0.09 s / 0.22 s, which keeps the whole report set of a large run
/// inside the analysis-at-scale budget.
struct HTMLNode {
    fileprivate enum Content {
        case element(name: StaticString, attributes: [HTMLAttribute], children: [HTMLNode])
        case text(String)
        case trusted(StaticString)
        case group([HTMLNode])
    }

    fileprivate let content: Content

    /// `<name attributes…>children…</name>`.
    static func element(
        _ name: StaticString,
        _ attributes: [HTMLAttribute] = [],
        _ children: [HTMLNode] = []
    ) -> HTMLNode {
        HTMLNode(content: .element(name: name, attributes: attributes, children: children))
    }

    /// `element` with its children written as a block (`if`, `for` and optionals allowed).
    static func element(
        _ name: StaticString,
        _ attributes: [HTMLAttribute] = [],
        @HTMLBuilder children: () -> [HTMLNode]
    ) -> HTMLNode {
        element(name, attributes, children())
    }

    /// `<name>text</name>`, the text escaped.
    static func element(_ name: StaticString, _ attributes: [HTMLAttribute] = [], text: String) -> HTMLNode {
        element(name, attributes, [.text(text)])
    }

    /// Text, escaped when rendered.
    static func text(_ text: String) -> HTMLNode { HTMLNode(content: .text(text)) }

    /// Markup written in this module's source (style sheet, script), inserted as is.
    static func trusted(_ markup: StaticString) -> HTMLNode { HTMLNode(content: .trusted(markup)) }

    /// Several nodes where one is expected, without a wrapping element.
    static func group(_ nodes: [HTMLNode]) -> HTMLNode { HTMLNode(content: .group(nodes)) }

    static func group(@HTMLBuilder _ nodes: () -> [HTMLNode]) -> HTMLNode { group(nodes()) }

    static let empty = HTMLNode.group([])

    /// The markup of this node and its descendants.
    func rendered() -> String {
        var out = ""
        render(into: &out)
        return out
    }

    func render(into out: inout String) {
        switch content {
        case .text(let text):
            Escaping.appendHTML(text, to: &out)
        case .trusted(let markup):
            out += markup.description
        case .group(let nodes):
            for node in nodes { node.render(into: &out) }
        case .element(let name, let attributes, let children):
            let tag = name.description
            out += "<"
            out += tag
            for attribute in attributes { attribute.render(into: &out) }
            out += ">"
            if HTMLNode.voidElements.contains(tag) {
                if HTMLNode.lineAfterClose.contains(tag) { out += "\n" }
                return
            }
            if HTMLNode.lineAfterOpen.contains(tag) { out += "\n" }
            for child in children { child.render(into: &out) }
            out += "</"
            out += tag
            out += ">"
            if HTMLNode.lineAfterClose.contains(tag) { out += "\n" }
        }
    }

    /// Elements without content or end tag.
    private static let voidElements: Set<String> = ["meta", "br", "hr", "img", "input", "link"]
    // Line breaks only make the file readable in an editor and in diffs; browsers ignore them
    // between these block elements.
    private static let lineAfterOpen: Set<String> = [
        "html", "head", "body", "header", "main", "section", "article", "table", "tbody", "ol", "ul", "dl",
    ]
    private static let lineAfterClose: Set<String> = lineAfterOpen.union([
        "meta", "title", "style", "script", "h1", "h2", "h3", "p", "tr", "thead", "li", "dd", "details", "summary",
        "pre", "figure",
    ])
}

/// One attribute: a name written in this module and a value escaped when rendered; a nil value
/// is a boolean attribute (`hidden`, `open`).
struct HTMLAttribute {
    let name: StaticString
    let value: String?

    init(_ name: StaticString, _ value: String?) {
        self.name = name
        self.value = value
    }

    static func `class`(_ names: String...) -> HTMLAttribute {
        HTMLAttribute("class", names.filter { !$0.isEmpty }.joined(separator: " "))
    }

    static func id(_ value: String) -> HTMLAttribute { HTMLAttribute("id", value) }

    static func flag(_ name: StaticString) -> HTMLAttribute { HTMLAttribute(name, nil) }

    fileprivate func render(into out: inout String) {
        out += " "
        out += name.description
        guard let value else { return }
        out += "=\""
        Escaping.appendHTML(value, to: &out)
        out += "\""
    }
}

/// Lets element contents be written as a block: expressions, `if`, `if let`, `for` and
/// `switch`; a `String` is text.
@resultBuilder
enum HTMLBuilder {
    static func buildExpression(_ node: HTMLNode) -> [HTMLNode] { [node] }
    static func buildExpression(_ nodes: [HTMLNode]) -> [HTMLNode] { nodes }
    static func buildExpression(_ node: HTMLNode?) -> [HTMLNode] { node.map { [$0] } ?? [] }
    static func buildExpression(_ text: String) -> [HTMLNode] { [.text(text)] }
    static func buildBlock(_ parts: [HTMLNode]...) -> [HTMLNode] { parts.flatMap { $0 } }
    static func buildOptional(_ part: [HTMLNode]?) -> [HTMLNode] { part ?? [] }
    static func buildEither(first part: [HTMLNode]) -> [HTMLNode] { part }
    static func buildEither(second part: [HTMLNode]) -> [HTMLNode] { part }
    static func buildArray(_ parts: [[HTMLNode]]) -> [HTMLNode] { parts.flatMap { $0 } }
}
