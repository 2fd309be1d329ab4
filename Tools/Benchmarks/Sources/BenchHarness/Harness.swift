import CMallocCounter
import Foundation

/// One workload: `body` performs `operations` units of work (events pumped, chains created…).
public struct Workload {
    public let name: String
    public let operations: Int
    public let body: () -> Void

    public init(_ name: String, operations: Int, body: @escaping () -> Void) {
        self.name = name
        self.operations = operations
        self.body = body
    }
}

/// The median of repeated runs of one workload.
public struct Measurement: Codable {
    public let workload: String
    public let configuration: String
    public let nanosecondsPerOperation: Double
    public let allocationsPerOperation: Double
    public let runs: Int
}

/// Runs workloads and prints one JSON line per measurement on stdout.
public enum Harness {
    /// Runs each workload (or those named in argv after `--only`) `runs` times after one
    /// warm-up, and reports the median time and the allocations of one counted run.
    public static func run(configuration: String, workloads: [Workload], runs: Int = 7) {
        let arguments = CommandLine.arguments
        let only: Set<String>? = arguments.firstIndex(of: "--only").map { Set(arguments[($0 + 1)...]) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for workload in workloads where only?.contains(workload.name) ?? true {
            workload.body()
            var samples: [Double] = []
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                workload.body()
                let elapsed = DispatchTime.now().uptimeNanoseconds - start
                samples.append(Double(elapsed) / Double(workload.operations))
            }
            samples.sort()
            let before = rxbench_allocation_count()
            rxbench_count_allocations(1)
            workload.body()
            rxbench_count_allocations(0)
            let allocations = rxbench_allocation_count() - before
            let measurement = Measurement(
                workload: workload.name,
                configuration: configuration,
                nanosecondsPerOperation: samples[samples.count / 2],
                allocationsPerOperation: Double(allocations) / Double(workload.operations),
                runs: runs
            )
            let line = String(decoding: try! encoder.encode(measurement), as: UTF8.self)
            print(line)
            fflush(stdout)
        }
    }
}
