#if TRACE_RESOURCES
import Foundation
import RxTraceReport

/// Whether this process may install the heap graph's runtime hooks (the `_swift_allocObject`
/// hook, the retain-adapter guard) and read objects through the runtime's metadata layouts.
///
/// Those hooks rely on one libswiftCore's internals and were measured on one runtime and one
/// architecture only (docs/runtime-hooks.md). Anywhere else they stay out: no cycles and no
/// retention paths, while leaks, their lines and thread hops are still found (the registry
/// needs no hook). A user who knows better sets `RXTRACE_HEAP_GRAPH_UNMEASURED=allow`.
///
/// Under a sanitizer (ThreadSanitizer, AddressSanitizer) the heap graph cannot work on any
/// runtime: the sanitizer's allocator intercepts `free`, so the frees that must empty the
/// allocation table never reach it (the C target leaves its `free` redirection out there), and
/// a table that only grows may not be read. The hooks stay out, no override lets them in, and
/// every report says why.
public enum HeapGraphGate {
    /// The runtime the hooks were measured on, as libswiftCore reports itself
    /// (`_SwiftStdlibVersion.current`: major and minor only; Swift 6.3.1's says 6.3.0).
    public static let measuredRuntime = (major: 6, minor: 3)
    public static let measuredArchitecture = "x86_64"
    /// The environment variable that lets the hooks in on an unmeasured runtime, and its value.
    public static let overrideVariable = "RXTRACE_HEAP_GRAPH_UNMEASURED"
    public static let overrideValue = "allow"

    public enum Decision: Equatable, Sendable {
        /// The runtime and architecture the hooks were measured on.
        case measured
        /// Elsewhere, let in by the override.
        case allowedUnmeasured(runtime: String, architecture: String)
        /// Elsewhere: the heap graph stays off.
        case off(runtime: String, architecture: String)
        /// A sanitizer's runtime is in the process: the heap graph stays off, whatever the runtime.
        case unavailable(sanitizer: String)

        public var installsHooks: Bool {
            switch self {
            case .measured, .allowedUnmeasured: return true
            case .off, .unavailable: return false
            }
        }

        /// The line every report carries when the heap graph is not the measured one, else nil.
        public var note: String? {
            let measured =
                "Swift \(HeapGraphGate.measuredRuntime.major).\(HeapGraphGate.measuredRuntime.minor) \(HeapGraphGate.measuredArchitecture)"
            switch self {
            case .measured:
                return nil
            case let .off(runtime, architecture):
                return
                    "heap graph off: measured on \(measured) only, this is Swift \(runtime) \(architecture); leaks, lines and hops are still reported (set \(HeapGraphGate.overrideVariable)=\(HeapGraphGate.overrideValue) to try it)"
            case let .allowedUnmeasured(runtime, architecture):
                return
                    "heap graph on by \(HeapGraphGate.overrideVariable)=\(HeapGraphGate.overrideValue): measured on \(measured) only, this is Swift \(runtime) \(architecture); its cycles and retention paths are unverified here"
            case let .unavailable(sanitizer):
                return
                    "heap graph unavailable under \(sanitizer): its allocator frees objects where the heap graph cannot see them, so no cycles or retention paths; leaks, lines and hops are still reported"
            }
        }
    }

    /// The decision for a runtime version ("6.3.0", as `_SwiftStdlibVersion` prints it; "6.3"
    /// also reads), an architecture ("x86_64", "arm64"), the override variable's value and the
    /// sanitizer in the process, if any (it wins over everything else).
    public static func decide(
        runtimeVersion: String,
        architecture: String,
        override: String?,
        sanitizer: String? = nil
    ) -> Decision {
        if let sanitizer { return .unavailable(sanitizer: sanitizer) }
        let parts = runtimeVersion.split(separator: ".").map { Int($0) }
        let measured =
            parts.count >= 2 && parts[0] == measuredRuntime.major && parts[1] == measuredRuntime.minor
            && architecture == measuredArchitecture
        if measured { return .measured }
        let runtime =
            parts.count >= 2 && parts[0] != nil && parts[1] != nil ? "\(parts[0]!).\(parts[1]!)" : runtimeVersion
        if override == overrideValue { return .allowedUnmeasured(runtime: runtime, architecture: architecture) }
        return .off(runtime: runtime, architecture: architecture)
    }

    /// This process's decision: the running libswiftCore's version (not the compiler's: the
    /// hooks patch the library that is loaded), this build's architecture, the environment.
    public static let current: Decision = decide(
        runtimeVersion: runningRuntimeVersion,
        architecture: HostInfo.buildArchitecture,
        override: ProcessInfo.processInfo.environment[overrideVariable],
        sanitizer: loadedSanitizer
    )

    /// The sanitizer whose runtime this process carries, by the entry point each one defines,
    /// or nil. Asked of the process, not the build: the runtime's allocator is what matters.
    static let loadedSanitizer: String? = {
        guard let process = dlopen(nil, RTLD_NOW) else { return nil }
        defer { dlclose(process) }
        let sanitizers = [("__tsan_init", "ThreadSanitizer"), ("__asan_init", "AddressSanitizer")]
        return sanitizers.first { dlsym(process, $0.0) != nil }?.1
    }()

    /// The loaded libswiftCore's version, "major.minor.patch" (its getter is compiled into the
    /// library, not into this binary).
    static var runningRuntimeVersion: String {
        guard #available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *) else { return "unknown" }
        let value = _SwiftStdlibVersion.current._value
        return "\(value >> 16).\((value >> 8) & 0xFF).\(value & 0xFF)"
    }
}
#endif
