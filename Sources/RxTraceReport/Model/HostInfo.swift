import Foundation

/// The machine a report was produced on, so a report attached to a review says where its
/// numbers come from.
public struct HostInfo: Codable, Equatable, Sendable {
    public var hostname: String
    /// "Linux" or "macOS".
    public var operatingSystem: String
    public var operatingSystemVersion: String
    public var architecture: String
    public var processorCount: Int
    /// Why the heap graph (cycles, retention paths) is off, unavailable (under a sanitizer) or
    /// unmeasured in this run: one line every report format shows (`HeapGraphGate`). Nil where it
    /// was measured.
    public var heapGraphNote: String?

    public init(
        hostname: String,
        operatingSystem: String,
        operatingSystemVersion: String,
        architecture: String,
        processorCount: Int,
        heapGraphNote: String? = nil
    ) {
        self.hostname = hostname
        self.operatingSystem = operatingSystem
        self.operatingSystemVersion = operatingSystemVersion
        self.architecture = architecture
        self.processorCount = processorCount
        self.heapGraphNote = heapGraphNote
    }

    /// The machine this process runs on; `heapGraphNote` comes from the layer that knows the
    /// heap graph's standing (`HostInfo.thisRun()` in RxTraceAnalysis).
    public static func current(heapGraphNote: String? = nil) -> HostInfo {
        let info = ProcessInfo.processInfo
        #if os(Linux)
        let system = "Linux"
        #elseif os(macOS)
        let system = "macOS"
        #else
        let system = "unknown"
        #endif
        return HostInfo(
            hostname: info.hostName,
            operatingSystem: system,
            operatingSystemVersion: info.operatingSystemVersionString,
            architecture: buildArchitecture,
            processorCount: info.processorCount,
            heapGraphNote: heapGraphNote
        )
    }

    /// The architecture this build runs on.
    package static var buildArchitecture: String {
        #if arch(x86_64)
        return "x86_64"
        #elseif arch(arm64)
        return "arm64"
        #else
        return "unknown"
        #endif
    }
}
