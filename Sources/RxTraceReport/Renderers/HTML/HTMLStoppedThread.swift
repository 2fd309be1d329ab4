/// One thread of a stopped scenario that was in user code: which thread, the line it waited or
/// crashed at, the source around that line (highlighted) and, when asked, its folded stack.
struct HTMLStoppedThread {
    let thread: ReportThreadStack
    /// "waited" or "crashed" (`ScenarioStop.verb`).
    let verb: String
    let showsStack: Bool

    var node: HTMLNode {
        .group {
            HTMLNode.element("p", [.class("site", "stopped-at")]) {
                "\(thread.label) \(verb) at "
                if let frame = thread.userFrame {
                    HTMLNode.element("code", text: frame.fileAndLine ?? "an unknown line")
                    " in "
                    HTMLNode.element("code", text: frame.function)
                }
            }
            if let snippet = thread.snippet {
                HTMLSourceSnippet(snippet: snippet).node
            }
            if showsStack {
                HTMLBacktrace(frames: thread.frames).node
            }
        }
    }
}
