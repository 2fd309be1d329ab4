import Dispatch
import Foundation
import RxTraceAnalysis
import RxTraceReport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT (Ctrl-C) and SIGTERM, recorded instead of ending the process, so a run can stop
/// starting scenarios, end the children it started, write the reports of what finished and
/// remove its scratch folders. While it is installed the process cannot be ended halfway
/// through writing its report set by either signal.
final class Interruption: @unchecked Sendable {
    private let lock = NSLock()
    private var received: Int32?
    private var sources: [DispatchSourceSignal] = []

    /// Starts recording SIGINT and SIGTERM for the rest of the process; every later call gets
    /// the same recording, so a step after the run (the fixer's proofs) is stopped by the same
    /// Ctrl-C, and no signal handler outlives what it records into.
    static func install() -> Interruption { processWide }

    private static let processWide: Interruption = {
        let interruption = Interruption()
        for signalNumber in [SIGINT, SIGTERM] {
            // The default action would end the process before the source could run.
            #if canImport(Glibc)
            _ = Glibc.signal(signalNumber, SIG_IGN)
            #else
            _ = Darwin.signal(signalNumber, SIG_IGN)
            #endif
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { interruption.record(signalNumber) }
            source.resume()
            interruption.sources.append(source)
        }
        return interruption
    }()

    /// Keeps the first signal; later ones change nothing.
    func record(_ signalNumber: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if received == nil { received = signalNumber }
    }

    /// The first signal received, if any.
    var signal: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    var isRequested: Bool { signal != nil }
}
