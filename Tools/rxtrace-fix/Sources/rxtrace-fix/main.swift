import Foundation
import RxTraceFix

// rxtrace-fix: exit 0 every finding verified, 1 some not (or the --apply re-check disagreed),
// 2 bad input, 130 interrupted (Ctrl-C, SIGTERM).
FixInterruption.install()
do {
    let options = try FixOptions.parse(
        Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment
    )
    // Unbuffered, so each verdict shows as it is decided, also in a file or a pipe.
    let summary = try FixSession(options: options) { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }.run()
    exit(summary.exitCode)
} catch is FixInterruption.Stopped {
    FileHandle.standardError.write(Data("rxtrace-fix: interrupted: nothing more was written\n".utf8))
    exit(130)
} catch {
    FileHandle.standardError.write(Data("rxtrace-fix: error: \(error)\n".utf8))
    exit(2)
}
