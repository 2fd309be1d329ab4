// swift-tools-version:6.1
import PackageDescription

// Language mode: RxCore and its companions use Swift 5 mode. Rx's design (observers and
// schedulers that cross threads by contract, synchronised by sinks rather than by the type
// system) fights Swift 6 strict concurrency at every public signature RxSwift 6 defines.
//
// Tracing: the `TraceResources` trait defines TRACE_RESOURCES for RxCore. It is off by
// default (debug and release alike), so a plain build compiles none of the registry and
// does not link libunwind. Turn it on with `swift build --traits TraceResources`, or from a
// dependent manifest with `.package(url: ..., from: ..., traits: ["TraceResources"])`.
let traced: SwiftSetting = .define("TRACE_RESOURCES", .when(traits: ["TraceResources"]))
let swift5: SwiftSetting = .swiftLanguageMode(.v5)

// Performance: RxCore is generic end to end (Observable<Element>, sinks over Observer), and code
// that stays unspecialised across the module boundary spends most of each event looking up
// generic metadata (callgrind: about 5,400 instructions per PublishSubject.onNext, 60% of them
// in swift_getGenericMetadata). Cross-module optimisation serialises RxCore's bodies into its
// module so every client specialises them for its element types (about 1,050 instructions).
// It needs `unsafeFlags`, and SwiftPM (6.3.1, checked on this machine) refuses to build any
// package that depends by version on a package whose manifest has unsafe flags. So the flag is
// opt-in through the environment of the build that evaluates this manifest: root and path
// builds set RXCORE_CROSS_MODULE_OPTIMIZATION=1 (`make demo` and `make bench` do); a versioned
// dependency sees a manifest without unsafe flags. Release only either way.
let crossModuleOptimization: [SwiftSetting] =
    Context.environment["RXCORE_CROSS_MODULE_OPTIMIZATION"] == "1"
    ? [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
    : []

// `rxtrace test` builds a package's tests with RXTRACE_TEST_SESSION_BUILD=1 (and tracing on), in a
// scratch folder of its own. Then every library product also links the test session target, which
// takes XCTest's entry call in the test binary to measure each test (docs/testing.md;
// docs/runtime-hooks.md). No other build sees it.
let testSession: [String] = Context.environment["RXTRACE_TEST_SESSION_BUILD"] == "1" ? ["RxTraceTestSession"] : []

// RxSwift's module names (issue 15). Source written for RxSwift 6 and RxCocoa compiles unchanged:
// `RxSwift`, `RxRelay`, `RxTest` and `RxBlocking` are thin modules that re-export RxCore,
// RxCoreTesting and RxCoreBlocking (one implementation; `RxSwift.Observable` is
// `RxCore.Observable`), and `RxCocoa` holds RxCocoa's platform-independent half (Driver, Signal,
// SharedSequence, ControlProperty/ControlEvent, NotificationCenter and URLSession extensions).
// An app switches to these products by its manifest alone: README, "Switching an RxSwift app by its manifest".
let rxSwiftNamedProducts: [Product] = [
    .library(name: "RxSwift", targets: ["RxSwift"] + testSession),
    .library(name: "RxRelay", targets: ["RxRelay"] + testSession),
    .library(name: "RxCocoa", targets: ["RxCocoa"] + testSession),
    .library(name: "RxTest", targets: ["RxTest"] + testSession),
    .library(name: "RxBlocking", targets: ["RxBlocking"] + testSession),
]
let rxSwiftNamedTargets: [Target] = [
    .target(name: "RxSwift", dependencies: ["RxCore"], swiftSettings: [traced, swift5]),
    // As in RxSwift's package, RxRelay, RxTest, RxBlocking and RxCocoa depend on the RxSwift
    // target: a library listing only `RxTest` or `RxRelay` may `import RxSwift`, and public ones do
    // (make product-wiring-check).
    .target(name: "RxRelay", dependencies: ["RxCore", "RxSwift"], swiftSettings: [traced, swift5]),
    .target(name: "RxTest", dependencies: ["RxCore", "RxSwift", "RxCoreTesting"], swiftSettings: [traced, swift5]),
    .target(
        name: "RxBlocking",
        dependencies: ["RxCore", "RxSwift", "RxCoreBlocking"],
        swiftSettings: [traced, swift5]
    ),
    .target(name: "RxCocoa", dependencies: ["RxCore", "RxSwift", "RxRelay"], swiftSettings: [traced, swift5]),
    .testTarget(
        name: "RxCocoaTests",
        dependencies: ["RxSwift", "RxRelay", "RxCocoa", "RxTest", "RxBlocking", "RxTrace", "TestSupport"],
        swiftSettings: [traced, swift5]
    ),
]

// Tracing without a `traits:` argument: when this package stands in for RxSwift through a
// SwiftPM mirror (`swift package config set-mirror`), the app's dependency line names RxSwift
// and cannot ask for the trait, so RXTRACE_TRACE_RESOURCES=1 in the build's environment turns
// it on by default instead (README, "Through a SwiftPM mirror").
let tracedByEnvironment =
    Context.environment["RXTRACE_TRACE_RESOURCES"] == "1"
    || Context.environment["RXTRACE_TEST_SESSION_BUILD"] == "1"

let package = Package(
    name: "rxtrace",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RxCore", targets: ["RxCore"] + testSession),
        .library(name: "RxCoreTesting", targets: ["RxCoreTesting"] + testSession),
        .library(name: "RxCoreBlocking", targets: ["RxCoreBlocking"] + testSession),
        .library(name: "RxTrace", targets: ["RxTrace"] + testSession),
        .library(name: "RxTraceTesting", targets: ["RxTraceTesting"] + testSession),
        .executable(name: "rxtrace", targets: ["rxtrace"]),
        // `swift package rxtrace test`: the CLI, from a package that depends on this one.
        .plugin(name: "RxTracePlugin", targets: ["RxTracePlugin"]),
    ] + rxSwiftNamedProducts,
    traits: [
        .trait(
            name: "TraceResources",
            description:
                "Compile RxCore with TRACE_RESOURCES: Resources.total, the resource registry and libunwind backtraces."
        ),
        .default(enabledTraits: tracedByEnvironment ? ["TraceResources"] : []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .systemLibrary(
            name: "CUnwind",
            path: "Sources/CUnwind",
            pkgConfig: "libunwind",
            providers: [.apt(["libunwind-dev"])]
        ),
        // RxCore's per-thread tracing words as C thread-locals (traced builds only): read on every
        // traced event and registration, where a pthread key costs a `pthread_getspecific` call.
        .target(name: "CRxTraceThread", path: "Sources/CRxTraceThread"),
        .target(
            name: "RxCore",
            dependencies: [
                .target(name: "CUnwind", condition: .when(traits: ["TraceResources"])),
                .target(name: "CRxTraceThread", condition: .when(traits: ["TraceResources"])),
            ],
            swiftSettings: [traced, swift5] + crossModuleOptimization
        ),
        .target(name: "RxCoreTesting", dependencies: ["RxCore"], swiftSettings: [traced, swift5]),
        .target(name: "RxCoreBlocking", dependencies: ["RxCore"], swiftSettings: [traced, swift5]),
        // The heap graph's allocation table: an allocation hook and a `free` that the executable
        // exports (traced builds only; an untraced build neither compiles nor links it).
        .target(name: "CRxHeapGraph", path: "Sources/CRxHeapGraph"),
        // The report layer: the model every format renders, the six renderers, the gate (baseline,
        // suppressions, merge) and the output folder. It knows nothing of Rx, analysis or runs.
        .target(name: "RxTraceReport", swiftSettings: [swift5]),
        // The analysis layer: symbolication, leak, cycle and thread-hop analysis, the heap graph and
        // the classification of a run's passes into findings and a verdict. It reads RxCore's
        // registry and produces RxTraceReport's model; it never calls the runner.
        .target(
            name: "RxTraceAnalysis",
            dependencies: [
                "RxCore",
                "RxTraceReport",
                .target(name: "CRxHeapGraph", condition: .when(traits: ["TraceResources"])),
            ],
            swiftSettings: [traced, swift5]
        ),
        // The runner layer: scenarios, the run-twice protocol in this process and in child
        // processes, `rxtrace test`'s build and test processes, and the pipelines from inputs to
        // reports and an exit status. No command-line parsing.
        .target(
            name: "RxTraceRunner",
            // RxCocoa: URLSession.rx lives there (as in RxSwift); scenarios reach it through this module.
            dependencies: ["RxCore", "RxCocoa", "RxTraceReport", "RxTraceAnalysis"],
            swiftSettings: [traced, swift5]
        ),
        // The command line (ArgumentParser, here alone) over the layers, which it re-exports: a
        // package's own rxtrace executable is `RxTraceCLI.main(scenarios:)` from this module.
        .target(
            name: "RxTrace",
            dependencies: [
                "RxTraceRunner",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [traced, swift5]
        ),
        .target(name: "RxTraceScenarios", dependencies: ["RxCore", "RxTraceRunner"], swiftSettings: [traced, swift5]),
        // The test process's side of `rxtrace test` (linked in only by session builds, see above).
        .target(
            name: "RxTraceTestSession",
            dependencies: ["RxCore", "RxTraceRunner"],
            swiftSettings: [traced, swift5]
        ),
        // XCTest and Swift Testing helpers that run a closure with the run-twice protocol.
        .target(name: "RxTraceTesting", dependencies: ["RxCore", "RxTraceRunner"], swiftSettings: [traced, swift5]),
        .executableTarget(
            name: "rxtrace",
            dependencies: ["RxTrace", "RxTraceScenarios"],
            path: "Tools/rxtrace",
            swiftSettings: [traced, swift5]
        ),
        .plugin(
            name: "RxTracePlugin",
            capability: .command(
                intent: .custom(
                    verb: "rxtrace",
                    description: "Runs rxtrace on this package: 'swift package rxtrace test' leak-checks its tests."
                )
            ),
            dependencies: ["rxtrace"],
            path: "Plugins/RxTracePlugin"
        ),
        // Misbehaving scenarios (trap, hang, throw) for the CLI tests, as a user's own rxtrace.
        .executableTarget(
            name: "rxtrace-fixtures",
            dependencies: ["RxCore", "RxTrace"],
            path: "Tools/rxtrace-fixtures",
            swiftSettings: [traced, swift5]
        ),
        // Tracing overhead benchmark (make bench-trace): subscribe/dispose cost and registry bytes.
        .executableTarget(
            name: "rxtrace-overhead",
            dependencies: ["RxCore"],
            path: "Tools/rxtrace-overhead",
            swiftSettings: [traced, swift5]
        ),
        // Analysis at scale (make bench-scale): many leaks, timed analysis and report formats.
        .executableTarget(
            name: "rxtrace-scale",
            dependencies: ["RxCore", "RxTrace"],
            path: "Tools/rxtrace-scale",
            swiftSettings: [traced, swift5]
        ),
        // Heap graph benchmark (make bench-heapgraph): hook cost per object, graph build and cycle
        // search with 100,000 live leaked resources, peak memory.
        .executableTarget(
            name: "rxtrace-heapgraph-bench",
            dependencies: ["RxCore", "RxTrace"],
            path: "Tools/rxtrace-heapgraph-bench",
            swiftSettings: [traced, swift5]
        ),
        // Random Rx programs over real schedulers against the observable contract (make stress,
        // make sanitize): seeded, time-boxed, a breach prints its seed and program.
        .executableTarget(
            name: "rxtrace-stress",
            dependencies: ["RxCore", "SeededRandom"],
            path: "Tools/rxtrace-stress",
            swiftSettings: [traced, swift5]
        ),
        // SplitMix64 for the seeded random programs (rxtrace-stress, the semantics check) and
        // inputs (the readers' property tests).
        .target(name: "SeededRandom", path: "Tests/SeededRandom", swiftSettings: [swift5]),
        // The test suites' shared base class (every test leaves Resources.total where it found it).
        .target(
            name: "TestSupport",
            dependencies: ["RxCore"],
            path: "Tests/TestSupport",
            swiftSettings: [traced, swift5]
        ),
        .testTarget(
            name: "RxCoreTests",
            dependencies: ["RxCore", "RxCoreTesting", "TestSupport"],
            swiftSettings: [traced, swift5]
        ),
        // RxCore against a reference model of Rx semantics on random programs (docs/semantics.md):
        // the model, the program generator and the comparison, used by the test target below
        // and by `rxcore-semantics` (make semantics-check, make fuzz-semantics). In no product.
        .target(
            name: "RxCoreSemantics",
            dependencies: ["RxCore", "RxCoreTesting", "SeededRandom"],
            path: "Tests/RxCoreSemantics",
            swiftSettings: [traced, swift5]
        ),
        .executableTarget(
            name: "rxcore-semantics",
            dependencies: ["RxCore", "RxCoreSemantics"],
            path: "Tools/rxcore-semantics",
            swiftSettings: [traced, swift5]
        ),
        .testTarget(
            name: "RxCoreSemanticsTests",
            dependencies: ["RxCore", "RxCoreTesting", "RxCoreSemantics", "TestSupport"],
            swiftSettings: [traced, swift5]
        ),
        .testTarget(
            name: "RxCoreTestingTests",
            dependencies: ["RxCore", "RxCoreTesting", "TestSupport"],
            swiftSettings: [traced, swift5]
        ),
        .testTarget(
            name: "RxCoreBlockingTests",
            dependencies: ["RxCore", "RxCoreBlocking", "TestSupport"],
            swiftSettings: [traced, swift5]
        ),
        // RxTrace's unit tests: the layers called in this process.
        .testTarget(
            name: "RxTraceTests",
            dependencies: [
                "RxCore", "RxCoreTesting", "RxTraceReport", "RxTraceAnalysis", "RxTraceRunner", "RxTrace",
                "RxTraceScenarios", "RxTraceTesting", "TestSupport", "SeededRandom",
            ],
            swiftSettings: [traced, swift5]
        ),
        // End to end: the built rxtrace executables run as users run them, in child processes.
        .testTarget(
            name: "RxTraceEndToEndTests",
            dependencies: [
                "RxCore", "RxTraceReport", "RxTraceAnalysis", "RxTraceRunner", "RxTrace", "RxTraceScenarios",
                "TestSupport",
            ],
            swiftSettings: [traced, swift5]
        ),
    ] + rxSwiftNamedTargets
)
