// Measures what tracing costs on subscribe-heavy work. Not a test: figures go to
// docs/performance.md and CHANGELOG.md. Run through `make bench-trace`, which builds this once untraced and once
// with the TraceResources trait, and runs the traced build with RXTRACE_CAPTURE=off and =on.
import Dispatch
import Foundation
import RxCore

let iterations = CommandLine.arguments.dropFirst().compactMap { Int($0) }.first ?? 200_000
let repetitions = 7

#if TRACE_RESOURCES
let configuration: String = {
    switch ResourceRegistry.captureMode {
    case .off: return "traced, counts only (RXTRACE_CAPTURE=off)"
    case .on: return "traced, backtraces (RXTRACE_CAPTURE=on, depth \(ResourceRegistry.captureDepth))"
    case .sampled(let every): return "traced, 1 in \(every) backtraces"
    }
}()
#else
let configuration = "untraced"
#endif

@inline(never)
func blackHole(_ value: Int) {
    if value == Int.min { print("") }
}

/// This thread's CPU time: unlike wall time it does not count the time other processes on a
/// busy machine hold the core.
func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Median CPU nanoseconds per iteration of `body` over `repetitions` runs.
func measure(_ name: String, _ body: () -> Void) -> Double {
    for _ in 0..<(iterations / 10) { body() }  // warm-up: caches, interned stacks, lazy state
    var samples: [Double] = []
    for _ in 0..<repetitions {
        let start = threadCPUNanoseconds()
        for _ in 0..<iterations { body() }
        samples.append(Double(threadCPUNanoseconds() - start) / Double(iterations))
    }
    samples.sort()
    let median = samples[samples.count / 2]
    print(String(format: "  %-58@ %8.1f ns", name as NSString, median))
    return median
}

print("rxtrace-overhead: \(configuration); \(iterations) iterations × \(repetitions), median thread CPU time")

let subject = PublishSubject<Int>()
var sink = 0
_ = measure("subject.filter.map.subscribe + dispose") {
    let subscription = subject.filter { $0 > 0 }.map { $0 + 1 }.subscribe(onNext: { sink &+= $0 })
    subscription.dispose()
}
_ = measure("just(42).filter.map.subscribe (completes)") {
    _ = Observable.just(42).filter { $0 > 0 }.map { $0 + 1 }.subscribe(onNext: { sink &+= $0 })
}
_ = measure("BooleanDisposable() create + free (one resource)") {
    let disposable = BooleanDisposable()
    blackHole(disposable.isDisposed ? 1 : 0)
}
let hot = subject.map { $0 + 1 }.filter { $0 > 0 }.subscribe(onNext: { sink &+= $0 })
_ = measure("onNext through map.filter (no allocation)") {
    subject.onNext(1)
}
hot.dispose()
blackHole(sink)

// Memory: keep many subscriptions alive and read what the registry holds for them.
#if TRACE_RESOURCES
let live = CommandLine.arguments.contains("--no-memory") ? 0 : 200_000
var kept: [Disposable] = []
kept.reserveCapacity(live)
let before = ResourceRegistry.liveCount
for _ in 0..<live {
    kept.append(subject.filter { $0 > 0 }.map { $0 + 1 }.subscribe(onNext: { sink &+= $0 }))
}
let entries = ResourceRegistry.liveCount - before
let bytes = Double(ResourceRegistry.tableBytes) / Double(ResourceRegistry.liveCount)
print(
    String(
        format: "  registry table bytes per live entry (%d live)                %6.1f B",
        ResourceRegistry.liveCount,
        bytes
    )
)
print("  interned stacks: \(ResourceRegistry.internedStackCount) for \(entries) live entries")
kept.forEach { $0.dispose() }
kept = []
#endif
