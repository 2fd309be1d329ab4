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

    public init(
        hostname: String,
        operatingSystem: String,
        operatingSystemVersion: String,
        architecture: String,
        processorCount: Int
    ) {
        self.hostname = hostname
        self.operatingSystem = operatingSystem
        self.operatingSystemVersion = operatingSystemVersion
        self.architecture = architecture
        self.processorCount = processorCount
    }

    /// The machine this process runs on.
    public static func current() -> HostInfo {
        let info = ProcessInfo.processInfo
        #if os(Linux)
        let system = "Linux"
        #elseif os(macOS)
        let system = "macOS"
        #else
        let system = "unknown"
        #endif
        #if arch(x86_64)
        let arch = "x86_64"
        #elseif arch(arm64)
        let arch = "arm64"
        #else
        let arch = "unknown"
        #endif
        return HostInfo(
            hostname: info.hostName,
            operatingSystem: system,
            operatingSystemVersion: info.operatingSystemVersionString,
            architecture: arch,
            processorCount: info.processorCount
        )
    }
}
