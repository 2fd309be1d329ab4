import Foundation
import RxTraceAnalysis
import RxTraceReport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The parent's side of the stacks of a stopped scenario's threads.
///
/// - A hang: the child was started with `RXTRACE_THREAD_STACKS=<file>` and installed
///   `ThreadStackDump`; on timeout the parent sends SIGUSR1, waits for the file (libunwind
///   capture plus symbolication take well under a second), then ends the child.
/// - A crash: the Swift runtime's backtracer writes the crashed thread as JSON
///   (`SWIFT_BACKTRACE=…,format=json,output-to=<file>`), read here.
package struct ThreadStackCapture {
    /// The child's name for the hang dump's file.
    package static let environmentKey = "RXTRACE_THREAD_STACKS"
    /// Where the child writes its threads' stacks when asked (hang).
    var hangFile: URL
    /// Where the child's crash backtracer writes.
    var crashFile: URL

    /// In a child process: installs the hang dump when the parent named a file for it. Does
    /// nothing where stacks cannot be captured (untraced builds, no libunwind).
    package static func installDumpIfRequested() {
        #if TRACE_RESOURCES && os(Linux) && canImport(CUnwind)
        if let file = ProcessInfo.processInfo.environment[environmentKey] { ThreadStackDump.install(file: file) }
        #endif
    }

    init(scratch: URL) {
        hangFile = scratch.appendingPathComponent("stacks.json")
        crashFile = scratch.appendingPathComponent("backtrace.json")
    }

    /// The child's `SWIFT_BACKTRACE`, or nil when the user set their own (it is left alone,
    /// and crash reports then carry no stack).
    func backtraceSetting(existing: String?) -> String? {
        guard existing == nil else { return nil }
        return
            "enable=yes,interactive=no,threads=crashed,registers=none,images=none,limit=64,format=json,output-to=\(crashFile.path)"
    }

    /// Asks a hanging child for every thread's stack and waits for it; threads in user code
    /// first, empty when nothing came (at most `limit`
    /// seconds, or until `interruption` is requested).
    func captureHanging(
        _ process: Process,
        limit: TimeInterval = 20,
        interruption: Interruption? = nil
    ) -> [ReportThreadStack] {
        guard process.isRunning else { return [] }
        kill(process.processIdentifier, SIGUSR1)
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline && interruption?.isRequested != true {
            if let stacks = readHang() { return stacks }
            if !process.isRunning { break }
            usleep(20_000)
        }
        return readHang() ?? []
    }

    private func readHang() -> [ReportThreadStack]? {
        guard let data = try? Data(contentsOf: hangFile),
            let stacks = try? JSONDecoder().decode([ReportThreadStack].self, from: data)
        else { return nil }
        return stacks.filter { $0.userFrame != nil } + stacks.filter { $0.userFrame == nil }
    }

    /// The crashed thread's stack after a crash, when the backtracer wrote it.
    func crashedThread() -> [ReportThreadStack] {
        read(crashedOnly: true) ?? []
    }

    /// Nil until the file holds a whole backtrace.
    func read(crashedOnly: Bool) -> [ReportThreadStack]? {
        guard let data = try? Data(contentsOf: crashFile), !data.isEmpty,
            let log = try? JSONDecoder().decode(BacktraceLog.self, from: data)
        else { return nil }
        return Self.stacks(log, crashedOnly: crashedOnly)
    }

    /// Threads that reach user code first (their order otherwise kept: the crashed or main
    /// thread leads), frames innermost first.
    static func stacks(_ log: BacktraceLog, crashedOnly: Bool) -> [ReportThreadStack] {
        let threads = log.threads.filter { !crashedOnly || $0.crashed == true }.map { thread in
            ReportThreadStack(
                name: thread.name,
                crashed: thread.crashed == true,
                frames: thread.frames.compactMap(reportFrame)
            )
        }
        return threads.filter { $0.userFrame != nil } + threads.filter { $0.userFrame == nil }
    }

    static func reportFrame(_ frame: BacktraceLog.Frame) -> ReportFrame? {
        guard let description = frame.description ?? frame.symbol else { return nil }
        // "closure #5 in  + 233": the runtime's readable name, then the offset.
        var name = Substring(description)
        if let plus = name.range(of: " + ", options: .backwards), name[plus.upperBound...].allSatisfy(\.isNumber) {
            name = name[..<plus.lowerBound]
        }
        // The backtracer names code the compiler made (an autoclosure, a thunk) `<compiler-generated>`.
        let file = frame.sourceLocation.map(\.file).flatMap { $0.hasSuffix("<compiler-generated>") ? nil : $0 }
        let line = frame.sourceLocation.flatMap { $0.line > 0 ? $0.line : nil }
        #if TRACE_RESOURCES
        let function = Symbolicator.readableName(String(name), rawName: frame.symbol, file: file)
        #else
        let function = String(name)
        #endif
        let origin = FrameClassifier.origin(function: function, rawName: frame.symbol, file: file, image: frame.image)
        return ReportFrame(function: function, file: file, line: file == nil ? nil : line, origin: origin)
    }
}

/// The parts of the Swift backtracer's JSON crash log (`format=json`) a crash report needs.
struct BacktraceLog: Decodable {
    struct Frame: Decodable {
        var kind: String?
        var symbol: String?
        var description: String?
        var image: String?
        var sourceLocation: Location?
    }

    struct Location: Decodable {
        var file: String
        var line: Int
    }

    struct Thread: Decodable {
        var name: String?
        var crashed: Bool?
        var frames: [Frame]
    }

    var threads: [Thread]
}
