import Foundation
import RxTraceAnalysis
import RxTraceReport

/// Bad usage or input: one line on stderr, exit code 2.
package struct BadInput: Error, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
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
