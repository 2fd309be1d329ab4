import CMallocCounter
import Foundation

/// Divides every workload's size (RXBENCH_SCALE=100 runs a hundredth of the work), so a profiler
/// such as callgrind can run one workload in seconds. Reported figures are per operation either way.
public let benchScale: Int = max(1, ProcessInfo.processInfo.environment["RXBENCH_SCALE"].flatMap { Int($0) } ?? 1)

/// `count` divided by `benchScale`, at least 1.
public func scaled(_ count: Int) -> Int { max(1, count / benchScale) }

/// One workload: `body` performs `operations` units of work (events pumped, chains created…).
public struct Workload {
    public let name: String
    public let operations: Int
    public let body: () -> Void

    /// `operations` is the unscaled size; `body` receives the scaled one.
    public init(_ name: String, operations: Int, body: @escaping (Int) -> Void) {
        self.name = name
        let count = scaled(operations)
        self.operations = count
        self.body = { body(count) }
    }
}

/// The median of repeated runs of one workload.
public struct Measurement: Codable {
    public let workload: String
    public let configuration: String
    /// The scaled size: callgrind's instruction total for the measured run divides by it.
    public let operations: Int
    public let nanosecondsPerOperation: Double
    public let allocationsPerOperation: Double
    public let runs: Int
}

/// Every timed run goes through this one function so callgrind can count exactly the timed runs
/// and nothing else: `--collect-atstart=no --toggle-collect='*callgrindMeasuredRun*'
/// --dump-after='*callgrindMeasuredRun*'` writes one profile per run (Tools/Benchmarks/callgrind.sh),
/// without the start-up, the warm-up or the allocation-counting run.
@inline(never) public func callgrindMeasuredRun(_ body: () -> Void) { body() }

/// The heap allocations of one run of `body`, counted by the interposed malloc (CMallocCounter).
public func countAllocations(_ body: () -> Void) -> UInt64 {
    let before = rxbench_allocation_count()
    rxbench_count_allocations(1)
    body()
    rxbench_count_allocations(0)
    return rxbench_allocation_count() - before
}

/// Runs workloads and prints one JSON line per measurement on stdout.
public enum Harness {
    /// Runs each workload (or those named in argv after `--only`) `runs` times after one
    /// warm-up, and reports the median time and the allocations of one counted run.
    public static func run(configuration: String, workloads: [Workload], runs defaultRuns: Int = 7) {
        // RXBENCH_RUNS=1 (with RXBENCH_SCALE) keeps a profiled run short: valgrind --tool=callgrind.
        let runs = ProcessInfo.processInfo.environment["RXBENCH_RUNS"].flatMap { Int($0) } ?? defaultRuns
        let arguments = CommandLine.arguments
        let only: Set<String>? = arguments.firstIndex(of: "--only").map { Set(arguments[($0 + 1)...]) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for workload in workloads where only?.contains(workload.name) ?? true {
            workload.body()
            var samples: [Double] = []
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                callgrindMeasuredRun(workload.body)
                let elapsed = DispatchTime.now().uptimeNanoseconds - start
                samples.append(Double(elapsed) / Double(workload.operations))
            }
            samples.sort()
            let allocations = countAllocations(workload.body)
            let measurement = Measurement(
                workload: workload.name,
                configuration: configuration,
                operations: workload.operations,
                nanosecondsPerOperation: samples.isEmpty ? 0 : samples[samples.count / 2],
                allocationsPerOperation: Double(allocations) / Double(workload.operations),
                runs: runs
            )
            let line = String(decoding: try! encoder.encode(measurement), as: UTF8.self)
            print(line)
            fflush(stdout)
        }
    }
}
