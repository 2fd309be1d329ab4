import Foundation

/// The command line of `rxtrace-fix`.
public struct FixOptions: Sendable {
    public var report: URL
    public var packagePath: URL
    public var output: URL
    public var rxtrace: String
    public var apply = false
    public var force = false
    public var scratch: URL?
    public var keepScratch = false
    /// After `--`: given to every `rxtrace test` the fixer runs (`--timeout 60`, `--strict`).
    public var rxtraceArguments: [String] = []

    public static let usage = """
        usage: rxtrace-fix --report rxtrace.json [--package-path DIR] [--output DIR] [--rxtrace PATH]
                           [--apply [--force]] [--scratch DIR] [--keep-scratch] [-- RXTRACE-ARGUMENTS…]
        """

    public static func parse(_ arguments: [String], environment: [String: String]) throws -> FixOptions {
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--":
                rest = Array(arguments[(index + 1)...])
                index = arguments.count
                continue
            case "--apply", "--force", "--keep-scratch":
                flags.insert(argument)
            case "--report", "--package-path", "--output", "--rxtrace", "--scratch":
                guard index + 1 < arguments.count else { throw FixToolError("\(argument) needs a value") }
                values[argument] = arguments[index + 1]
                index += 1
            default:
                throw FixToolError("unknown argument '\(argument)'\n\(usage)")
            }
            index += 1
        }
        guard let report = values["--report"] else { throw FixToolError("--report is required\n\(usage)") }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        func url(_ path: String) -> URL { URL(fileURLWithPath: path, relativeTo: cwd).standardizedFileURL }
        var options = FixOptions(
            report: url(report),
            packagePath: url(values["--package-path"] ?? "."),
            output: url(values["--output"] ?? "rxtrace-fix"),
            rxtrace: values["--rxtrace"] ?? environment["RXTRACE"] ?? "rxtrace"
        )
        options.apply = flags.contains("--apply")
        options.force = flags.contains("--force")
        options.keepScratch = flags.contains("--keep-scratch")
        options.scratch = values["--scratch"].map(url)
        options.rxtraceArguments = rest
        if options.force && !options.apply { throw FixToolError("--force only goes with --apply") }
        guard FileManager.default.fileExists(atPath: options.packagePath.appendingPathComponent("Package.swift").path)
        else { throw FixToolError("no Package.swift in \(options.packagePath.path)") }
        if !options.rxtrace.contains("/") {
            let found = try Command.run("/usr/bin/env", ["which", options.rxtrace])
            guard found.status == 0 else {
                throw FixToolError("no '\(options.rxtrace)' on the PATH: give --rxtrace PATH")
            }
            options.rxtrace = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return options
    }
}
