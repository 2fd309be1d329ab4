import Foundation
import PackagePlugin

/// `swift package rxtrace <command> …`: runs the rxtrace executable this package ships, for the
/// package the command runs on. `swift package rxtrace test` leak-checks that package's tests
/// (the same as `rxtrace test --package-path <package>`); reports go to `Reports/` in the
/// package's folder unless `--output` says otherwise. On Linux it needs no permission flag: the
/// tests build in `.build/rxtrace-test`, their own scratch folder, and nothing in the package is
/// written but the reports.
@main
struct RxTracePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "rxtrace")
        let package = context.package.directoryURL.path
        var arguments = arguments
        if arguments.first == "test",
            !arguments.contains(where: { $0 == "--package-path" || $0.hasPrefix("--package-path=") })
        {
            arguments.insert(contentsOf: ["--package-path", package], at: 1)
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: package)
        try process.run()
        process.waitUntilExit()
        // rxtrace's exit code is the gate's answer (0 clean, 1 leaks, 2 bad input, 3 not run).
        exit(process.terminationStatus)
    }
}
