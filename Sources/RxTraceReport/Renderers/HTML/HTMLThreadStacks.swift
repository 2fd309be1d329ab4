/// A stopped scenario's threads in its own section: "Where it waited" (a hang) or "Where it
/// crashed", each thread in user code with its line, source and folded stack, then how many
/// threads were elsewhere. Reads only `ScenarioReport.threadStacks` (through `ScenarioStop`).
struct HTMLThreadStacks: HTMLScenarioPart {
    func node(for scenario: ScenarioReport) -> HTMLNode? {
        guard let stop = ScenarioStop(scenario) else { return nil }
        return .element("section", [.class("stacks")]) {
            HTMLNode.element("h4", text: stop.heading.prefix(1).uppercased() + stop.heading.dropFirst())
            for thread in stop.threadsInUserCode {
                HTMLStoppedThread(thread: thread, verb: stop.verb, showsStack: true).node
            }
            if stop.threadsInUserCode.isEmpty {
                HTMLNode.element(
                    "p",
                    [.class("meta")],
                    text:
                        "No thread was in user code (\(ReportNumbers.count(stop.otherThreadCount, "thread")) in library or system code)."
                )
            } else if stop.otherThreadCount > 0 {
                HTMLNode.element(
                    "p",
                    [.class("meta")],
                    text: "… \(ReportNumbers.count(stop.otherThreadCount, "other thread")) not in user code"
                )
            }
        }
    }
}
