/// One-line renderings of cycles and paths, shared by the analysis (finding text) and renderers.
public enum ReportPathText {
    /// `Presenter.disposeBag → DisposeBag.disposables[0] → … → Presenter`
    public static func inline(_ steps: [ReportCycle.Step], closingWith last: String? = nil) -> String {
        var parts: [String] = []
        for step in steps {
            var part = step.typeName
            if let via = step.via { part += "." + via }
            if let closure = step.closure { part += " (\(closure))" }
            parts.append(part)
        }
        if let last { parts.append(last) }
        return parts.joined(separator: " → ")
    }
}
