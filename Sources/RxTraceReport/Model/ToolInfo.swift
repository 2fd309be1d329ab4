import Foundation

/// Which tool produced a report.
public struct ToolInfo: Codable, Equatable, Sendable {
    public var name: String
    public var version: String
    /// The executable that ran the scenarios: `rxtrace` for the built-in catalogue, the
    /// user's own for a package that calls `RxTraceCLI.main(scenarios:)`. JUnit names its test
    /// classes after it. Nil in reports from before it was recorded.
    public var executable: String?

    public init(name: String, version: String, executable: String? = nil) {
        self.name = name
        self.version = version
        self.executable = executable
    }

    /// This process's executable file name, as users call it: SwiftPM's command plugin runs its
    /// own copy of a tool, named `rxtrace-tool`, for `swift package rxtrace`.
    public static var currentExecutable: String {
        let name = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "rxtrace"
        return name.hasSuffix("-tool") ? String(name.dropLast("-tool".count)) : name
    }

    /// This build of rxtrace, with the version its sources were checked out at: the tag
    /// SwiftPM resolved, else the commit (`SourceVersion`).
    public static let rxtrace = ToolInfo(name: "rxtrace", version: SourceVersion.rxtrace)
}
