import Foundation
import RxTraceReport

/// This process's executable file: where its symbols and line tables are read from, and what
/// runs a scenario again in a child process (a user's own rxtrace executable runs its own).
package enum ProcessImage {
    package static var executable: URL {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        #endif
        if let url = Bundle.main.executableURL { return url }
        return URL(fileURLWithPath: CommandLine.arguments[0])
    }
}
