/// Inside a `threadAnomaly` finding: which contract was broken at which stage, both sides'
/// threads and schedulers, and the other side's backtrace when it captured one (the finding's
/// own backtrace is the detecting side's). Reads only `LeakFinding.anomaly`.
struct HTMLThreadAnomalyFacts: HTMLFindingPart {
    func node(for finding: LeakFinding, in scenario: ScenarioReport) -> HTMLNode? {
        guard let anomaly = finding.anomaly else { return nil }
        return .element("section", [.class("anomaly")]) {
            HTMLNode.element("p") {
                HTMLNode.element("b", text: "Anomaly \(anomaly.number) (\(anomaly.kind))")
                if let stage = anomaly.stage { " at \(stage)" }
                ": \(anomaly.detail)"
            }
            HTMLNode.element(
                "p",
                text: "Detecting side: \(anomaly.place.longName)"
                    + (anomaly.otherPlace.map { "; other side: \($0.longName)" } ?? "")
            )
            if let other = anomaly.otherBacktrace, !other.isEmpty {
                HTMLNode.element("p", text: "Other side's backtrace:")
                HTMLBacktrace(frames: other).node
            }
        }
    }
}
