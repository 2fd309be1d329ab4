#if TRACE_RESOURCES
import Foundation
import RxTraceReport

/// Counts the analysis's expensive steps, for the process: how many stacks were symbolicated,
/// how many were read for operator names, how many producer stacks for their origin. Tests use
/// the counts to check that the work follows distinct stacks, not entries (how long it takes is
/// a benchmark's question, `make bench-scale`, never a test's).
enum WorkCounter {
    enum Step: CaseIterable {
        /// A return address resolved to frames (each address once per process).
        case addressSymbolicated
        /// A stack's facts read for naming its stage (`OperatorNames`).
        case stackNamed
        /// A producer stack read for the API that made it (`ProducerOrigins`).
        case producerOriginRead
        /// The index of producer stacks by caller address built (`ProducerOrigins`).
        case producerIndexBuilt
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var counts: [Step: Int] = [:]

    static func count(_ step: Step, _ amount: Int = 1) {
        lock.lock()
        defer { lock.unlock() }
        counts[step, default: 0] += amount
    }

    /// The counts so far; subtract two of them to count what happened in between.
    static func current() -> [Step: Int] {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }
}
#endif
