import Foundation

/// Which tool produced a report.
public struct ToolInfo: Codable, Equatable, Sendable {
    public var name: String
    public var version: String
    /// The executable that ran the scenarios: `rxtrace` for the built-in catalogue, the
    /// user's own for a package that calls `RxTraceCLI.main(scenarios:)`. JUnit names its test
    /// classes after it. Nil in reports from before it was recorded.
    public var executable: String?
    /// The commit the tool was built from (7 hex digits), when its sources are a git working
    /// copy: a version is a tag, which a local clone or a mirror may have made, the commit is what
    /// was built. Nil in reports from before it was recorded.
    public var commit: String?

    public init(name: String, version: String, executable: String? = nil, commit: String? = nil) {
        self.name = name
        self.version = version
        self.executable = executable
        self.commit = commit
    }

    /// "rxtrace 0.3.0 (commit 1a2b3c4)", "rxtrace 1a2b3c4": what a report's header names.
    public var nameAndVersion: String {
        guard let commit, !version.hasPrefix(commit) else { return "\(name) \(version)" }
        return "\(name) \(version) (commit \(commit))"
    }

    /// This process's executable file name, as users call it: SwiftPM's command plugin runs its
    /// own copy of a tool, named `rxtrace-tool`, for `swift package rxtrace`.
    public static var currentExecutable: String {
        let name = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "rxtrace"
        return name.hasSuffix("-tool") ? String(name.dropLast("-tool".count)) : name
    }

    /// This build of rxtrace, with the version its sources were checked out at: the tag
    /// SwiftPM resolved, else the commit (`SourceVersion`).
    public static let rxtrace = ToolInfo(
        name: "rxtrace",
        version: SourceVersion.rxtrace,
        commit: SourceVersion.rxtraceCommit
    )
}
