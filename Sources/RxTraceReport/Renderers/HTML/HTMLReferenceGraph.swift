/// The references that keep a finding alive, drawn as an inline SVG graph: for a reference
/// cycle, its objects top to bottom with the reference to each next one, the reference to
/// break in red (marked ✂) and the arrow back to the first object; for a leak with a retention path, the
/// chain from its holder down to the leaked observer. Reads only the report model.
struct HTMLReferenceGraph: HTMLFindingPart {
    private static let width = 760.0
    private static let boxWidth = 380.0
    private static let boxHeight = 26.0
    private static let rowHeight = 58.0
    private static let left = 16.0

    func node(for finding: LeakFinding, in scenario: ScenarioReport) -> HTMLNode? {
        if finding.kind == .referenceCycle,
            let cycle = scenario.cycles.first(where: { $0.signature == finding.signature })
        {
            return figure(
                steps: cycle.steps,
                breakAt: cycle.breakAt,
                closes: true,
                caption: "Reference cycle" + (ReferenceTraceText.instancesAlive(cycle).map { " (\($0))" } ?? "")
                    + (cycle.fix.map { ". Fix: \($0)" } ?? "")
            )
        }
        if let path = finding.retentionPath, !path.steps.isEmpty {
            return figure(steps: path.steps, breakAt: nil, closes: false, caption: "Kept alive by \(path.holder)")
        }
        return nil
    }

    private func figure(steps: [ReportCycle.Step], breakAt: Int?, closes: Bool, caption: String) -> HTMLNode {
        let height = Double(steps.count) * Self.rowHeight + (closes ? 24 : -Self.rowHeight + Self.boxHeight + 20)
        let label = caption + ": " + ReportPathText.inline(steps, closingWith: closes ? steps.first?.typeName : nil)
        return .element("figure", [.class("refgraph")]) {
            SVGNode.canvas(width: Int(Self.width), height: Int(height), label: label) {
                for (index, step) in steps.enumerated() {
                    box(step, at: index)
                    if index + 1 < steps.count || closes {
                        reference(step, from: index, isBreak: index == breakAt, closing: index + 1 == steps.count)
                    }
                }
            }
            HTMLNode.element("figcaption", text: caption)
        }
    }

    private func top(_ index: Int) -> Double { 10 + Double(index) * Self.rowHeight }

    private func box(_ step: ReportCycle.Step, at index: Int) -> HTMLNode {
        .group {
            SVGNode.rect(
                x: Self.left,
                y: top(index),
                width: Self.boxWidth,
                height: Self.boxHeight,
                classes: "object",
                title: step.typeName
            )
            SVGNode.text(Self.clip(step.typeName, 52), x: Self.left + 8, y: top(index) + 17, classes: "type")
        }
    }

    /// The reference from step `index` to the next one (or back to the first when closing).
    private func reference(_ step: ReportCycle.Step, from index: Int, isBreak: Bool, closing: Bool) -> HTMLNode {
        var text = step.via.map { ".\($0)" } ?? "reference"
        if let closure = step.closure { text += " = \(closure)" }
        if let location = step.location { text += " (\(location.fileAndLineNoted))" }
        let classes = isBreak ? "edge break" : "edge"
        let x = Self.left + 40
        let from = top(index) + Self.boxHeight
        return .group {
            if closing {
                // Down from the last object, along the right, and back into the first.
                let right = Self.left + Self.boxWidth + 12
                SVGNode.polyline(
                    [
                        (x, from), (x, from + 14), (right, from + 14), (right, top(0) + Self.boxHeight / 2),
                        (Self.left + Self.boxWidth, top(0) + Self.boxHeight / 2),
                    ],
                    classes: classes
                )
                arrowhead(
                    x: Self.left + Self.boxWidth,
                    y: top(0) + Self.boxHeight / 2,
                    pointingLeft: true,
                    classes: classes
                )
            } else {
                SVGNode.line(from: (x, from), to: (x, top(index + 1)), classes: classes)
                arrowhead(x: x, y: top(index + 1), pointingLeft: false, classes: classes)
            }
            SVGNode.text(
                (isBreak ? "✂ " : "") + Self.clip(text, 90),
                x: x + 10,
                y: from + (closing ? 30 : Self.rowHeight / 2 - 6),
                classes: isBreak ? "via break" : "via"
            )
        }
    }

    private func arrowhead(x: Double, y: Double, pointingLeft: Bool, classes: String) -> HTMLNode {
        let points =
            pointingLeft ? [(x + 7, y - 4), (x, y), (x + 7, y + 4)] : [(x - 4, y - 7), (x, y), (x + 4, y - 7)]
        return SVGNode.polyline(points.map { (x: $0.0, y: $0.1) }, classes: classes)
    }

    private static func clip(_ text: String, _ length: Int) -> String {
        text.count <= length ? text : String(text.prefix(length - 1)) + "…"
    }
}
