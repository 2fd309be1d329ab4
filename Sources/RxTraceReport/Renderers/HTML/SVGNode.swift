/// Inline SVG for the drawings of the HTML report (charts, graphs, lanes), built from
/// `HTMLNode`s so that labels are escaped like any other text. HTML parses inline `<svg>`
/// into the SVG namespace by itself; no xmlns is needed.
enum SVGNode {
    /// `<svg>` of a fixed size in CSS pixels, `role="img"` with an accessible label.
    static func canvas(width: Int, height: Int, label: String, @HTMLBuilder _ children: () -> [HTMLNode]) -> HTMLNode {
        .element(
            "svg",
            [
                HTMLAttribute("width", "\(width)"), HTMLAttribute("height", "\(height)"),
                HTMLAttribute("viewBox", "0 0 \(width) \(height)"), HTMLAttribute("role", "img"),
                HTMLAttribute("aria-label", label),
            ],
            children()
        )
    }

    /// An open line through `points`.
    static func polyline(_ points: [(x: Double, y: Double)], classes: String) -> HTMLNode {
        .element(
            "polyline",
            [
                .class(classes),
                HTMLAttribute("points", points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")),
            ]
        )
    }

    static func circle(x: Double, y: Double, radius: Double, classes: String, title: String? = nil) -> HTMLNode {
        .element(
            "circle",
            [
                .class(classes), HTMLAttribute("cx", number(x)), HTMLAttribute("cy", number(y)),
                HTMLAttribute("r", number(radius)),
            ]
        ) {
            if let title { HTMLNode.element("title", text: title) }
        }
    }

    static func rect(
        x: Double,
        y: Double,
        width: Double,
        height: Double,
        classes: String,
        title: String? = nil
    ) -> HTMLNode {
        .element(
            "rect",
            [
                .class(classes), HTMLAttribute("x", number(x)), HTMLAttribute("y", number(y)),
                HTMLAttribute("width", number(width)), HTMLAttribute("height", number(height)),
            ]
        ) {
            if let title { HTMLNode.element("title", text: title) }
        }
    }

    static func line(from: (x: Double, y: Double), to: (x: Double, y: Double), classes: String) -> HTMLNode {
        .element(
            "line",
            [
                .class(classes), HTMLAttribute("x1", number(from.x)), HTMLAttribute("y1", number(from.y)),
                HTMLAttribute("x2", number(to.x)), HTMLAttribute("y2", number(to.y)),
            ]
        )
    }

    /// A label; `anchor` is "start", "middle" or "end".
    static func text(_ text: String, x: Double, y: Double, anchor: String = "start", classes: String = "") -> HTMLNode {
        .element(
            "text",
            [
                .class(classes), HTMLAttribute("x", number(x)), HTMLAttribute("y", number(y)),
                HTMLAttribute("text-anchor", anchor),
            ],
            text: text
        )
    }

    /// Coordinates with at most one decimal: short, and stable across platforms.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
