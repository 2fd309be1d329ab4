/// The thread-hop lanes of a scenario: per subscription chain, an inline SVG with one lane per
/// place (scheduler, or thread when no scheduler ran the work), the stages placed on the lane
/// they delivered on, source first from left to right, and an arrow from each stage to the one
/// it feeds, drawn bold where the chain hops. Reads only `ScenarioReport.threadHops`.
struct HTMLThreadHopLanes: HTMLScenarioPart {
    private static let laneHeight = 34.0
    private static let stageWidth = 118.0
    private static let labelWidth = 150.0
    private static let top = 26.0

    func node(for scenario: ScenarioReport) -> HTMLNode? {
        let chains = ThreadHopText.chains(scenario.threadHops)
        guard !chains.isEmpty else { return nil }
        return .element("section", [.class("hops")]) {
            HTMLNode.element("h4", text: "Thread hops")
            for chain in chains {
                HTMLNode.element("div", [.class("hop-line")]) {
                    HTMLNode.element("div") { HTMLNode.element("code", text: ThreadHopText.stagesLine(chain)) }
                    HTMLNode.element("div", [.class("loc")], text: ThreadHopText.summaryLine(chain))
                }
                Self.diagram(chain)
            }
        }
    }

    /// The place a stage is drawn on: where it delivered most, else where it was subscribed.
    private static func lane(of stage: ReportThreadHop) -> String {
        ThreadHopText.deliveryPlace(stage)
    }

    private static func diagram(_ chain: [ReportThreadHop]) -> HTMLNode {
        var lanes: [String] = []
        for stage in chain where !lanes.contains(lane(of: stage)) { lanes.append(lane(of: stage)) }
        let width = Int(labelWidth + stageWidth * Double(chain.count) + 20)
        let height = Int(top + laneHeight * Double(lanes.count) + 8)
        let x = { (position: Int) in labelWidth + stageWidth * Double(position) + stageWidth / 2 }
        let y = { (stage: ReportThreadHop) in
            top + laneHeight * Double(lanes.firstIndex(of: lane(of: stage)) ?? 0) + laneHeight / 2
        }
        let summary =
            "Lanes " + lanes.joined(separator: ", ") + "; stages " + chain.map(\.stage).joined(separator: " → ")
        return SVGNode.canvas(width: width, height: height, label: summary) {
            for (index, name) in lanes.enumerated() {
                let middle = top + laneHeight * Double(index) + laneHeight / 2
                SVGNode.rect(
                    x: 0,
                    y: top + laneHeight * Double(index),
                    width: Double(width),
                    height: laneHeight,
                    classes: index % 2 == 0 ? "lane even" : "lane odd"
                )
                SVGNode.text(name, x: 6, y: middle + 4, classes: "lane-name")
            }
            for (index, stage) in chain.enumerated() {
                if let downstream = stage.downstream, downstream < chain.count {
                    let from = (x: x(index), y: y(stage))
                    let to = (x: x(downstream), y: y(chain[downstream]))
                    let hop = lane(of: stage) != lane(of: chain[downstream])
                    SVGNode.line(from: (from.x + 7, from.y), to: (to.x - 9, to.y), classes: hop ? "flow hop" : "flow")
                    SVGNode.polyline(arrowHead(at: (to.x - 8, to.y), from: from), classes: hop ? "head hop" : "head")
                }
            }
            for (index, stage) in chain.enumerated() {
                let delivery =
                    stage.deliveredOn == []
                    ? "no events delivered"
                    : "delivered on \(stage.deliveredOn?.first?.longName ?? stage.placeName)"
                let title = "\(stage.stage): \(delivery)" + (stage.anomaly.map { "; anomaly \($0)" } ?? "")
                SVGNode.circle(
                    x: x(index),
                    y: y(stage),
                    radius: 6,
                    classes: stage.anomaly == nil ? "stage" : "stage anomaly",
                    title: title
                )
                SVGNode.text(stage.stage, x: x(index), y: y(stage) - 10, anchor: "middle", classes: "stage-name")
            }
        }
    }

    /// A small filled triangle pointing from `from` to `tip`.
    private static func arrowHead(
        at tip: (x: Double, y: Double),
        from: (x: Double, y: Double)
    ) -> [(x: Double, y: Double)] {
        let dx = tip.x - from.x
        let dy = tip.y - from.y
        let length = max((dx * dx + dy * dy).squareRoot(), 1)
        let (ux, uy) = (dx / length, dy / length)
        let back = (x: tip.x - ux * 7, y: tip.y - uy * 7)
        return [
            (back.x - uy * 4, back.y + ux * 4), tip, (back.x + uy * 4, back.y - ux * 4),
            (back.x - uy * 4, back.y + ux * 4),
        ]
    }
}
