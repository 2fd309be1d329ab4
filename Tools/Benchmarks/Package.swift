// swift-tools-version:6.1
import PackageDescription

// The benchmark suite lives in its own package so the main package's default build and CI never
// compile it. `make bench` builds it twice: once against RxCore untraced, once with the
// TraceResources trait (RXBENCH_TRACED=1), into separate scratch folders.
let traced = Context.environment["RXBENCH_TRACED"] == "1"

let package = Package(
    name: "RxTraceBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "rxtrace", path: "../..", traits: traced ? ["TraceResources"] : []),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        // Counts allocations by interposing malloc in the benchmark executables.
        .target(name: "CMallocCounter"),
        .target(name: "BenchHarness", dependencies: ["CMallocCounter"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(
            name: "rxbench",
            dependencies: ["BenchHarness", "CMallocCounter", .product(name: "RxCore", package: "rxtrace")],
            swiftSettings: [.swiftLanguageMode(.v5)] + (traced ? [.define("TRACE_RESOURCES")] : [])
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
