// swift-tools-version:6.1
import PackageDescription

// The benchmark suite lives in its own package so the main package's default build and CI never
// compile it. `make bench` builds it twice: once against RxCore untraced, once with the
// TraceResources trait (RXBENCH_TRACED=1), into separate scratch folders.
let traced = Context.environment["RXBENCH_TRACED"] == "1"

// The dependency configuration: RXBENCH_RXTRACE_URL names a tagged git clone of rxtrace
// (Tools/Benchmarks/dependency-clone.sh makes one), and this package depends on it by version,
// exactly as a user's package does. SwiftPM then evaluates rxtrace's manifest as a versioned
// dependency, so no RXCORE_CROSS_MODULE_OPTIMIZATION, no unsafe flags: what users get. Without
// it, the dependency is the working tree by path (`make bench`'s second configuration).
let rxtrace: Package.Dependency =
    Context.environment["RXBENCH_RXTRACE_URL"].map {
        .package(url: $0, from: "1.0.0", traits: traced ? ["TraceResources"] : [])
    } ?? .package(name: "rxtrace", path: "../..", traits: traced ? ["TraceResources"] : [])

// RXBENCH_AGAINST_RXSWIFT=<path to an RxSwift source checkout> (`make bench RXBENCH_RXSWIFT=…`)
// builds rxbench against RxSwift itself instead of rxtrace (rxbench imports the RxSwift module,
// which rxtrace's RxSwift product re-exports RxCore under), so `make bench` can put RxSwift's
// figures beside RxCore's from the same source and the same run.
let rxswiftCheckout = Context.environment["RXBENCH_AGAINST_RXSWIFT"].flatMap { $0.isEmpty ? nil : $0 }
let core: (dependency: Package.Dependency, package: String) =
    rxswiftCheckout.map {
        (.package(path: $0), String($0.split(separator: "/").last ?? "RxSwift"))
    } ?? (rxtrace, "rxtrace")

// RXBENCH_COUNT_RUNTIME_CALLS=1 (make alloc-check's build only): rxbench defines the Swift
// runtime's generic-metadata look-up and exclusivity check itself, to count them and forward
// (CRuntimeCallCounter). Left out of every build that `make bench` measures: forwarding adds a
// few instructions to each of those calls, more to the libraries that make more of them.
let countsRuntimeCalls = Context.environment["RXBENCH_COUNT_RUNTIME_CALLS"] == "1"

let package = Package(
    name: "RxTraceBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        core.dependency,
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        // Counts allocations by interposing malloc in the benchmark executables.
        .target(name: "CMallocCounter"),
        .target(name: "CRuntimeCallCounter"),
        .target(name: "BenchHarness", dependencies: ["CMallocCounter"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(
            name: "rxbench",
            dependencies: ["BenchHarness", "CMallocCounter", .product(name: "RxSwift", package: core.package)]
                + (countsRuntimeCalls ? ["CRuntimeCallCounter"] : []),
            swiftSettings: [.swiftLanguageMode(.v5)] + (traced ? [.define("TRACE_RESOURCES")] : [])
                + (countsRuntimeCalls ? [.define("COUNT_RUNTIME_CALLS")] : [])
        ),
        .executableTarget(
            name: "combinebench",
            dependencies: [
                "BenchHarness",
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
