import RxTraceAnalysis
import RxTraceReport

/// What to do when RxCore was built without the `TraceResources` trait, worded for where the
/// user is. `--traits` on the command line only reaches the root package's own traits: in a
/// package that depends on rxtrace, `swift test --traits TraceResources` stops with "Traits
/// [TraceResources] have been enabled on package '…' that declares no traits", and what works
/// is enabling the trait on the dependency in that package's manifest.
public enum TracingInstructions {
    /// Whether RxCore was compiled with the `TraceResources` trait.
    public static var isTraced: Bool {
        #if TRACE_RESOURCES
        return true
        #else
        return false
        #endif
    }

    /// The manifest form, for a package that depends on rxtrace.
    public static let dependencyForm = #".package(url: "…/rxtrace", from: "…", traits: ["TraceResources"])"#

    /// One line for the CLI's exit code 2 (`swift run`).
    public static var untracedCLI: String {
        "RxCore was built without tracing. In a package that depends on rxtrace, enable the trait on the dependency in Package.swift: "
            + dependencyForm
            + " (swift run --traits only reaches the root package's own traits); in the rxtrace package itself: swift run --traits TraceResources …"
    }

    /// The failure of `XCTAssertNoRxLeaks` / `expectNoRxLeaks` (`swift test`).
    public static var untracedTests: String {
        "rxtrace leak checks need RxCore built with tracing. In a package that depends on rxtrace, enable the trait on the dependency in Package.swift: "
            + dependencyForm
            + " (swift test --traits only reaches the root package's own traits); in the rxtrace package itself: swift test --traits TraceResources"
    }
}
