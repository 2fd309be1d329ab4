import Foundation
import RxTraceAnalysis
import RxTraceReport

/// Bad usage or input: one line on stderr, exit code 2.
package struct BadInput: Error, CustomStringConvertible {
    /// The message on one line: values echoed from the command line or a file (`--shard $'1\n/2'`)
    /// have their line breaks and control characters escaped, whichever message quotes them.
    package let message: String
    package init(_ message: String) { self.message = OneLineText.escaping(message) }
    package var description: String { message }
    /// Runs `body`, turning any error it throws into bad input (exit code 2) with its description.
    package static func rethrowing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as BadInput {
            throw failure
        } catch {
            throw BadInput("\(error)")
        }
    }

    package func print() {
        FileHandle.standardError.write(Data("\(ToolInfo.currentExecutable): error: \(message)\n".utf8))
    }
}
