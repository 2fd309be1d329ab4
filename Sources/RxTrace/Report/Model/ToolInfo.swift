/// Which tool produced a report.
public struct ToolInfo: Codable, Equatable, Sendable {
    public var name: String
    public var version: String

    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    /// This build of rxtrace.
    public static let rxtrace = ToolInfo(name: "rxtrace", version: "0.1.0")
}
