import Foundation
import RxTraceFix

// rxtrace-fix: exit 0 every finding verified, 1 some not (or the --apply re-check disagreed),
// 2 bad input.
do {
    let options = try FixOptions.parse(
        Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment
    )
    // Unbuffered, so each verdict shows as it is decided, also in a file or a pipe.
    let summary = try FixSession(options: options) { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }.run()
    exit(summary.exitCode)
} catch {
    FileHandle.standardError.write(Data("rxtrace-fix: error: \(error)\n".utf8))
    exit(2)
}
