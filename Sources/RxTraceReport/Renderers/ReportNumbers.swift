import Foundation

/// Number formatting shared by the renderers, so text, HTML and JUnit agree.
enum ReportNumbers {
    /// "0.42 s", "12.0 s".
    static func seconds(_ value: Double) -> String {
        String(format: "%.2f s", value)
    }

    /// "+3", "0", "-1".
    static func signed(_ value: Int) -> String {
        value > 0 ? "+\(value)" : "\(value)"
    }

    /// "1 leaked subscription", "2 scenarios".
    static func count(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(value) \(value == 1 ? singular : (plural ?? singular + "s"))"
    }
}
