// The heap graph's costs (make bench-heapgraph), in a release build with tracing:
// - the allocation hook's cost per object: allocate and free a small object with and without
//   the hook (median thread CPU time of 7 runs);
// - graph building and cycle search with 100,000 live leaked resources (registry entries), a
//   quarter of the subscriptions kept by owners whose closures capture them strongly (cycles);
// - peak memory (maximum resident set) before and after the graph is built.
import Foundation
import RxCore
import RxTrace

#if TRACE_RESOURCES
final class Probe { var value = 0 }

/// Where each probe goes for an instant, so the optimiser cannot keep it on the stack.
nonisolated(unsafe) var published: Probe?

@inline(never) func allocateAndFree(_ count: Int) -> Int {
    var total = 0
    for i in 0..<count {
        let probe = Probe()
        probe.value = i
        published = probe
        total &+= published!.value
        published = nil
    }
    return total
}

func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func nanosecondsPerObject(recording: Bool, count: Int) -> Double {
    if recording { HeapGraphMeasurement.startRecording() }
    defer { if recording { HeapGraphMeasurement.stopRecording() } }
    var runs: [Double] = []
    for _ in 0..<7 {
        let start = cpuSeconds()
        precondition(allocateAndFree(count) >= 0)
        runs.append((cpuSeconds() - start) / Double(count) * 1e9)
    }
    return median(runs)
}

func peakResidentMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// An owner that keeps its subscription in its own bag with a closure capturing it: a cycle.
final class Owner {
    let bag = DisposeBag()
    var seen = 0
    func follow(_ values: Observable<Int>) {
        values.map { $0 + 1 }.subscribe(onNext: { self.seen = $0 }).disposed(by: bag)
    }
}

let scale = Double(ProcessInfo.processInfo.environment["RXBENCH_SCALE"] ?? "1") ?? 1
let allocations = Int(1_000_000 * scale)
let without = nanosecondsPerObject(recording: false, count: allocations)
let with = nanosecondsPerObject(recording: true, count: allocations)
print(
    String(
        format: "allocation hook: %.1f ns per object allocated and freed without it, %.1f ns with it (+%.1f ns)",
        without,
        with,
        with - without
    )
)

let target = Int(100_000 * scale)
let subject = PublishSubject<Int>()
var owners: [Owner] = []
let mark = ResourceRegistry.mark()
let peakBefore = peakResidentMegabytes()
HeapGraphMeasurement.startRecording()
var subscriptions = 0
while ResourceRegistry.liveSince(mark).count < target {
    for i in 0..<1_000 {
        if i % 4 == 0 {
            let owner = Owner()
            owner.follow(subject.asObservable())
            owners.append(owner)
        } else {
            _ = subject.map { $0 * 2 }.filter { $0 > 0 }.subscribe(onNext: { _ in })
        }
        subscriptions += 1
    }
}
HeapGraphMeasurement.stopRecording()
let leaked = ResourceRegistry.liveSince(mark)
let peakLeaked = peakResidentMegabytes()
let result = HeapGraphMeasurement.measure(roots: leaked.map(\.address))
let peakAfter = peakResidentMegabytes()
print("leaked: \(leaked.count) live resources from \(subscriptions) subscriptions (\(owners.count) owners in cycles)")
print(
    "graph: \(result.objects) objects, \(result.references) references; build \(String(format: "%.3f", result.buildSeconds)) s, cycle search \(String(format: "%.3f", result.searchSeconds)) s, \(result.components) components"
)
print(
    String(
        format: "peak memory: %.0f MB before the workload, %.0f MB with the leaks, %.0f MB after the graph (+%.0f MB)",
        peakBefore,
        peakLeaked,
        peakAfter,
        peakAfter - peakLeaked
    )
)
withExtendedLifetime(owners) {}
#else
print("rxtrace-heapgraph-bench needs the TraceResources trait (swift build -c release --traits TraceResources)")
#endif
