// Analysis at scale (`make bench-scale`; figures in CHANGELOG.md): how long the analysis and
// every report format take for many leaks, and the peak memory. Not a test: speed targets live
// in benchmarks. Two cases:
//   one-site:   100,000 leaked subscriptions from one call site;
//   many-sites: 10,000 leaked subscriptions from 1,000 call sites (Sites.swift, generated);
// and `merged-callers`, which checks that merged call sites reached from different calls stay
// apart.
// Each pass of the run-twice protocol leaks that many again (the warm-up pass's leaks are not
// findings). What is timed is the run minus the scenario bodies (the subscriptions
// themselves), then rendering all formats.
import Foundation
import RxCore
import RxTrace

/// CPU seconds of this process (all threads) and of its finished children (llvm-symbolizer):
/// unlike wall time, it does not count the time other processes on a busy machine hold the
/// cores. Wall time is printed too.
func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    var children = rusage()
    #if os(Linux)
    getrusage(RUSAGE_CHILDREN.rawValue, &children)
    #else
    getrusage(RUSAGE_CHILDREN, &children)
    #endif
    let childSeconds =
        Double(children.ru_utime.tv_sec + children.ru_stime.tv_sec)
        + Double(children.ru_utime.tv_usec + children.ru_stime.tv_usec) / 1e6
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 + childSeconds
}

func wallSeconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

/// Peak resident memory of this process so far, in MiB.
func peakMiB() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
}

struct Case {
    let name: String
    let leaks: Int
    let perPass: (PublishSubject<Int>, inout [Disposable]) -> Void
}

let cases = [
    Case(name: "one-site: 100,000 leaks from 1 call site", leaks: 100_000) { subject, kept in
        for _ in 0..<100_000 { kept.append(subject.map { $0 &+ 1 }.subscribe(onNext: { _ in })) }
    },
    Case(name: "many-sites: 10,000 leaks from 1,000 call sites", leaks: 10_000) { subject, kept in
        for _ in 0..<10 { for site in sites { kept.append(site(subject)) } }
    },
    // Not timed by make bench-scale: two sites a release build merges into one function (their
    // bodies differ only in the operator and its count), each reached from its own call: two
    // findings in every build, each naming both functions in release.
    Case(name: "merged-callers: 2 leaks from 2 merged call sites", leaks: 2) { subject, kept in
        kept.append(site224(subject))
        kept.append(site225(subject))
    },
]

let selected = CommandLine.arguments.dropFirst().first
#if DEBUG
let build = "debug"
#else
let build = "release"
#endif
print("rxtrace-scale (\(build) build, \(ProcessInfo.processInfo.activeProcessorCount) CPUs)")
for benchmark in cases where selected == nil || benchmark.name.hasPrefix(selected!) {
    let subject = PublishSubject<Int>()
    var kept: [Disposable] = []
    kept.reserveCapacity(2 * benchmark.leaks)
    var bodySeconds = 0.0
    let scenario = Scenario("scale", summary: benchmark.name, expect: .leak) { _ in
        let start = cpuSeconds()
        benchmark.perPass(subject, &kept)
        bodySeconds += cpuSeconds() - start
    }
    let wallStart = wallSeconds()
    let runStart = cpuSeconds()
    guard let report = RxLeakCheck.report(scenario) else {
        print("rxtrace-scale needs the TraceResources trait")
        exit(2)
    }
    let analysis = cpuSeconds() - runStart - bodySeconds
    let renderStart = cpuSeconds()
    let run = RunReport(scenarios: [report])
    var bytes = 0
    for format in ReportFormat.allCases { bytes += try format.render(run).utf8.count }
    let rendering = cpuSeconds() - renderStart
    let wall = wallSeconds() - wallStart
    let leaked = report.findings.reduce(0) { $0 + $1.count }
    // Release builds merge functions whose bodies differ only in constants: the findings made in
    // a merged function say so and name the functions it stands for.
    let merged = report.findings.filter { $0.mergedFunctionNote != nil }
    if let folder = ProcessInfo.processInfo.environment["RXTRACE_SCALE_OUTPUT"] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for format in ReportFormat.allCases {
            try format.render(run).write(
                toFile: "\(folder)/" + format.fileName(base: String(benchmark.name.prefix { $0 != ":" })),
                atomically: true,
                encoding: .utf8
            )
        }
    }
    print(
        String(
            format:
                "  %@: %d findings (%d in merged functions, %d leaks), %d leaked subscriptions; CPU: analysis %.2f s, all %d formats %.2f s (%.1f MB), total %.2f s; subscribing %.2f s; wall (all of it) %.2f s; peak memory %.0f MiB",
            benchmark.name,
            report.findings.count,
            merged.count,
            merged.reduce(0) { $0 + $1.count },
            leaked,
            analysis,
            ReportFormat.allCases.count,
            rendering,
            Double(bytes) / 1e6,
            analysis + rendering,
            bodySeconds,
            wall,
            peakMiB()
        )
    )
    // Not disposed: removing 200,000 observers one by one from the subject is not what is measured.
    withExtendedLifetime(kept) {}
}
