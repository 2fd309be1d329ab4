/// How many of a finding's resources each pass left alive, as a small line chart: a per-use
/// leak is a flat line above zero (the same number every pass), a replaced one drops to zero
/// before the last pass.
struct HTMLPassChart: HTMLFindingPart {
    func node(for finding: LeakFinding, in scenario: ScenarioReport) -> HTMLNode? {
        let counts = finding.countPerPass
        guard !counts.isEmpty else { return nil }
        let width = 40 + 36 * counts.count
        let height = 44
        let top = max(1, counts.max() ?? 1)
        let step = counts.count > 1 ? Double(width - 40) / Double(counts.count - 1) : 0
        let points = counts.enumerated().map {
            (x: 20 + Double($0.offset) * step, y: 30 - 22 * Double($0.element) / Double(top))
        }
        let label = "Still alive per pass: \(counts.map(String.init).joined(separator: ", "))"
        return .element("figure", [.class("pass-chart")]) {
            SVGNode.canvas(width: width, height: height, label: label) {
                SVGNode.line(from: (x: 10, y: 30), to: (x: Double(width - 10), y: 30), classes: "axis")
                SVGNode.polyline(points, classes: "series")
                for (index, point) in points.enumerated() {
                    SVGNode.circle(
                        x: point.x,
                        y: point.y,
                        radius: 3,
                        classes: "dot",
                        title: "pass \(index + 1): \(counts[index])"
                    )
                    SVGNode.text("\(counts[index])", x: point.x, y: point.y - 5, anchor: "middle", classes: "value")
                    SVGNode.text("p\(index + 1)", x: point.x, y: 42, anchor: "middle", classes: "pass")
                }
            }
            HTMLNode.element("figcaption", text: label)
        }
    }
}
