/// The report formats and the file each is written to.
public enum ReportFormat: String, CaseIterable, Codable, Sendable {
    case text, html, json, junit, sarif, markdown

    /// The file name under the output folder, from a base name ("rxtrace" by default):
    /// rxtrace.txt, rxtrace.html, rxtrace.json, rxtrace.junit.xml, rxtrace.sarif, rxtrace.md.
    public func fileName(base: String = "rxtrace") -> String {
        switch self {
        case .text: return "\(base).txt"
        case .html: return "\(base).html"
        case .json: return "\(base).json"
        case .junit: return "\(base).junit.xml"
        case .sarif: return "\(base).sarif"
        case .markdown: return "\(base).md"
        }
    }

    /// Renders `report` in this format. Text files never carry colour.
    public func render(_ report: RunReport) throws -> String {
        switch self {
        case .text: return TextReportRenderer(colour: false).render(report)
        case .html: return HTMLReportRenderer().render(report)
        case .json: return String(decoding: try JSONReportCoding.encode(report), as: UTF8.self)
        case .junit: return JUnitReportRenderer().render(report)
        case .sarif: return SARIFReportRenderer().render(report)
        case .markdown: return MarkdownReportRenderer().render(report)
        }
    }
}
