/// Indented text traces of reference cycles and retention paths (LeakCanary-like): one object a
/// line, the reference to the next under it, the reference to break marked. The fix is the
/// finding's own line, above the trace.
enum ReferenceTraceText {
    /// Lines for a cycle, each prefixed with `indent`.
    static func cycle(_ cycle: ReportCycle, indent: String) -> [String] {
        var lines = ["\(indent)cycle\(instancesAlive(cycle).map { " (\($0))" } ?? ""):"]
        lines += steps(cycle.steps, breakAt: cycle.breakAt, indent: indent + "  ")
        lines.append("\(indent)  ↳ back to \(cycle.steps.first?.typeName ?? "the start")")
        return lines
    }

    /// "2 instances of this cycle alive" when the heap holds more than one (one per leaked owner:
    /// one per pass, for a cycle each pass makes), else nil. Beside a title that counts one
    /// reference cycle (one bug), a bare "2 alive" read as two objects, or as two cycles.
    static func instancesAlive(_ cycle: ReportCycle) -> String? {
        guard let count = cycle.count, count > 1 else { return nil }
        return "\(count) instances of this cycle alive"
    }

    /// Lines for a retention path, from its holder to the leaked object.
    static func path(_ path: ReportRetentionPath, indent: String) -> [String] {
        ["\(indent)path from \(path.holder):"] + steps(path.steps, breakAt: nil, indent: indent + "  ")
    }

    private static func steps(_ steps: [ReportCycle.Step], breakAt: Int?, indent: String) -> [String] {
        var lines: [String] = []
        for (index, step) in steps.enumerated() {
            lines.append("\(indent)\(step.typeName)")
            guard let via = step.via else { continue }
            var reference = "\(indent)  .\(via)"
            if let closure = step.closure { reference += " = \(closure)" }
            if let location = step.location { reference += " (\(location.fileAndLineNoted))" }
            if index == breakAt { reference += "   ✂ break this reference" }
            lines.append(reference)
        }
        return lines
    }
}
