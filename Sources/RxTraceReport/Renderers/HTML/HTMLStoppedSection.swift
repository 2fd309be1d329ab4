/// Near the top of the page, before the findings: each scenario that crashed, timed out or
/// threw without declaring it would, with the line each of its threads in user code waited or
/// crashed at and the source there. A hang has no finding, so without this section a reviewer
/// would see it only as a row of the scenarios table. The full stacks are in the scenario's own
/// section (`HTMLThreadStacks`), linked from here.
struct HTMLStoppedSection {
    let report: RunReport

    var node: HTMLNode? {
        let stopped = report.scenarios.enumerated().filter { $0.element.isUnexpectedlyAbnormal }
        guard !stopped.isEmpty else { return nil }
        return .element("section", [.id("stopped")]) {
            HTMLNode.element("h2", text: "Stopped \(report.subject.noun)s")
            for (index, scenario) in stopped {
                HTMLNode.element("article", [.class("stopped"), HTMLAttribute("data-scenario", scenario.name)]) {
                    HTMLNode.element("h3") {
                        HTMLNode.element("a", [HTMLAttribute("href", "#scenario-\(index)")], text: scenario.name)
                        " "
                        HTMLNode.element("span", [.class("badge", "fail")], text: scenario.status.displayName)
                    }
                    if let stop = ScenarioStop(scenario) {
                        for thread in stop.threadsInUserCode {
                            HTMLStoppedThread(thread: thread, verb: stop.verb, showsStack: false).node
                        }
                        if stop.threadsInUserCode.isEmpty {
                            HTMLNode.element(
                                "p",
                                [.class("meta")],
                                text:
                                    "No thread was in user code (\(ReportNumbers.count(stop.otherThreadCount, "thread")) in library or system code); the stacks are in its section."
                            )
                        }
                    } else if case .failed = scenario.status {
                        HTMLNode.element("p", [.class("meta")], text: "Its body threw; see its section.")
                    } else {
                        HTMLNode.element(
                            "p",
                            [.class("meta")],
                            text:
                                "Where it stopped is unknown: no thread stacks were captured; see its output in its section."
                        )
                    }
                }
            }
        }
    }
}
