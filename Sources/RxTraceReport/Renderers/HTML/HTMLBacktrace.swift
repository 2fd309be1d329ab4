/// An allocation backtrace as an ordered list: user frames shown, runs of library and runtime
/// frames folded into a nested `<details>` ("… 5 RxTrace and RxCore frames").
struct HTMLBacktrace {
    let frames: [ReportFrame]

    var node: HTMLNode {
        .element("ol", [.class("backtrace")]) {
            for group in ReportFrameGroup.group(frames) {
                switch group {
                case .frame(_, let frame):
                    item(frame)
                case .folded(let folded, _):
                    HTMLNode.element("li", [.class("folded")]) {
                        HTMLNode.element("details") {
                            HTMLNode.element("summary", text: group.foldedSummary ?? "")
                            HTMLNode.element("ol", [], folded.map(item))
                        }
                    }
                }
            }
        }
    }

    private func item(_ frame: ReportFrame) -> HTMLNode {
        .element("li", [.class("frame", frame.origin.rawValue)]) {
            HTMLNode.element("code", text: frame.function)
            if let place = frame.fileAndLineNoted {
                " "
                HTMLNode.element("span", [.class("loc")], text: place)
            }
        }
    }
}
