import Foundation
import PackagePlugin

/// `swift package rxtrace <command> …`: runs the rxtrace executable this package ships, for the
/// package the command runs on. `swift package rxtrace test` leak-checks that package's tests
/// (the same as `rxtrace test --package-path <package>`); reports go to `Reports/` in the
/// package's folder unless `--output` says otherwise. On Linux it needs no permission flag: the
/// tests build in `.build/rxtrace-test`, their own scratch folder, and nothing in the package is
/// written but the reports. `swift package rxtrace test --fix` (or `--fix=apply`) proves a
/// patch for each mechanical finding as `rxtrace test --fix` does: rxtrace finds the fixer's
/// sources in the tree it was built from (here, the checkout SwiftPM made of rxtrace) and builds
/// them in the package's `.build/rxtrace-fix` (docs/fixes.md).
///
/// SwiftPM ends any plugin that exits non-zero with its own `error: Plugin ended with exit code N`
/// and exit status 1, whatever N was. So rxtrace's last line of output (`rxtrace: status=…
/// exit=N`) and `rxtrace-status.txt`/`.json` in the output folder carry the real answer. The
/// plugin passes rxtrace's output on whole, ending in a newline, before it exits; SwiftPM 6.3.1
/// then relays it on its own stdout, buffered in 4 KiB blocks when that is not a terminal, and
/// writes its error line to stderr at once: with both streams merged into one file the error line
/// can land inside a line of the report (measured). `stdbuf -oL swift package …` keeps every line
/// whole; CI should read the status file (docs/testing.md).
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
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var endsInNewline = true
        while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            FileHandle.standardOutput.write(chunk)
            endsInNewline = chunk.last == UInt8(ascii: "\n")
        }
        process.waitUntilExit()
        if !endsInNewline { FileHandle.standardOutput.write(Data("\n".utf8)) }
        // rxtrace's exit code is the gate's answer (0 clean, 1 failures or leaks, 2 bad input, 3 not run).
        exit(process.terminationStatus)
    }
}
