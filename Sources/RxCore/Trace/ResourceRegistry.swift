#if TRACE_RESOURCES
import Foundation
import Synchronization

/// A point in the registry's creation sequence: `liveSince` returns what was created after it.
public struct ResourceMark: Sendable, Hashable {
    /// The creation sequence number of the last resource registered before the mark.
    public let epoch: UInt64

    public init(epoch: UInt64) { self.epoch = epoch }
}

/// An interned allocation backtrace: identical stacks share one id.
public struct StackID: Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// One live resource as a snapshot reports it.
public struct ResourceEntry: Sendable {
    /// Unique for the life of the process (never reused, unlike `address`).
    public let id: UInt64
    public let kind: ResourceKind
    /// The concrete type, readable and without module prefixes, e.g. `MapSink<Int, String>`.
    public let typeName: String
    /// The creation sequence number; compare with `ResourceMark.epoch`.
    public let epoch: UInt64
    /// The creating thread's system id (the kernel thread id on Linux).
    public let threadID: UInt64
    /// The creating thread's name when it registered its first resource ("main" for the main thread).
    public let threadName: String
    /// The object's address, valid while it is alive.
    public let address: UInt
    /// The allocation backtrace, when capture was on (or sampled) at creation.
    public let stack: StackID?

    public init(
        id: UInt64,
        kind: ResourceKind,
        typeName: String,
        epoch: UInt64,
        threadID: UInt64,
        threadName: String,
        address: UInt,
        stack: StackID?
    ) {
        self.id = id
        self.kind = kind
        self.typeName = typeName
        self.epoch = epoch
        self.threadID = threadID
        self.threadName = threadName
        self.address = address
        self.stack = stack
    }
}

/// Whether registrations capture an allocation backtrace. Counts and types are always kept.
public enum CaptureMode: Sendable, Equatable {
    case off
    case on
    /// One registration in `every` captures its backtrace.
    case sampled(every: Int)
}

/// Every live Rx resource of a traced build: its kind, type, creating thread, creation
/// sequence number and (depending on `captureMode`) its allocation backtrace.
///
/// Registration is on the path of every subscription, so it stores only fixed-size data
/// (the metatype, not its name; an interned stack id, not the frames) in a table striped by
/// object address. Names are resolved when a snapshot is taken.
public enum ResourceRegistry {
    /// A mark to pass to `liveSince`.
    public static func mark() -> ResourceMark {
        ResourceMark(epoch: RegistryState.currentSequence)
    }

    /// The resources created after `mark` that are still alive, in creation order.
    public static func liveSince(_ mark: ResourceMark) -> [ResourceEntry] {
        snapshot(after: mark.epoch)
    }

    /// Every live resource, in creation order.
    public static func liveEntries() -> [ResourceEntry] {
        snapshot(after: 0)
    }

    /// The number of live resources (what `Resources.total` reports, unless someone called
    /// `Resources.incrementTotal()`/`decrementTotal()` by hand). An object tracked by both a
    /// base and a derived initializer counts as often as it was tracked, as RxSwift's counter.
    public static var liveCount: Int {
        ResourceTable.count
    }

    /// The raw return addresses of an interned stack, innermost first.
    public static func addresses(of stack: StackID) -> [UInt] {
        StackInterner.shared.addresses(of: stack.rawValue)
    }

    /// The number of distinct stacks interned so far.
    public static var internedStackCount: Int {
        StackInterner.shared.count
    }

    /// Every stack interned so far, including those of resources that are gone (the analysis
    /// reads which API made a producer that no longer exists from them).
    public static var internedStacks: [StackID] {
        StackInterner.shared.ids.map(StackID.init(rawValue:))
    }

    /// Bytes the registry's table holds for its live entries (excluding interned stacks).
    public static var tableBytes: Int {
        ResourceTable.allocatedBytes
    }

    /// Whether backtraces are captured. Starts from `RXTRACE_CAPTURE` (`off`, `on`,
    /// `sample:N`); default `on`. Changing it affects resources created afterwards.
    public static var captureMode: CaptureMode {
        get { RegistryState.captureMode }
        set { RegistryState.captureMode = newValue }
    }

    /// Frames kept per backtrace. Starts from `RXTRACE_DEPTH`; default 32.
    public static var captureDepth: Int {
        get { RegistryState.captureDepth }
        set { RegistryState.captureDepth = newValue }
    }

    // MARK: - Registration (called by Resources.track/untrack)

    @inline(__always) @discardableResult
    static func register(address: UInt, type: AnyObject.Type, kind: ResourceKind) -> UInt32 {
        let sequence = RegistryState.nextSequence()
        let stack =
            RegistryState.shouldCapture(sequence)
            ? captureStack(depth: RegistryState.captureDepth, skipping: registrationFrames) : 0
        let record = EntryRecord(
            sequence: sequence,
            kind: kind,
            type: type,
            stack: stack,
            thread: ThreadRegistry.currentIndex()
        )
        ResourceTable.insert(address: address, record: record)
        return stack
    }

    @inline(__always)
    static func unregister(address: UInt) {
        ResourceTable.remove(address: address)
    }

    /// Sorts records by sequence. Sequences are unique and most of those after the mark are
    /// usually still alive, so when the range is at most a few times the count they are placed
    /// by sequence in one linear pass; otherwise (most of them freed) compared.
    private static func inCreationOrder(_ records: inout [(address: UInt, record: EntryRecord)], after sequence: UInt64)
    {
        guard let highest = records.lazy.map(\.record.sequence).max() else { return }
        let range = Int(highest - sequence)
        guard range <= 4 * records.count + 1024 else {
            records.sort { $0.record.sequence < $1.record.sequence }
            return
        }
        var slots = [Int](repeating: -1, count: range + 1)
        for index in records.indices { slots[Int(records[index].record.sequence - sequence)] = index }
        var ordered: [(address: UInt, record: EntryRecord)] = []
        ordered.reserveCapacity(records.count)
        for slot in slots where slot >= 0 { ordered.append(records[slot]) }
        records = ordered
    }

    private static func snapshot(after sequence: UInt64) -> [ResourceEntry] {
        var found = ResourceTable.records(after: sequence)
        inCreationOrder(&found, after: sequence)
        let threads = ThreadRegistry.snapshot()
        var names = TypeNames.Cache()
        return found.map { item in
            let record = item.record
            let thread =
                Int(record.thread) < threads.count ? threads[Int(record.thread)] : ThreadRegistry.Info(id: 0, name: "")
            return ResourceEntry(
                id: record.sequence,
                kind: names.kind(record.kind, of: record.type),
                typeName: names.name(of: record.type),
                epoch: record.sequence,
                threadID: thread.id,
                threadName: thread.name,
                address: item.address,
                stack: record.stack == 0 ? nil : StackID(rawValue: record.stack)
            )
        }
    }
}

/// The registry's switches and sequence counter. Static storage with constant initial values,
/// so the registration path reads it without reference counting and without the lazy-global
/// check (`swift_once`) a computed initial value costs on every access; the environment is read
/// on first use instead, behind a sentinel.
enum RegistryState {
    private static let sequence = Atomic<UInt64>(0)
    /// 0 = off, -1 = on, n > 0 = sampled every n; `unread` until the environment is read.
    private static let modeCode = Atomic<Int>(unread)
    /// Frames per capture; 0 until the environment is read.
    private static let depth = Atomic<Int>(0)
    private static let unread = Int.min

    static let maximumDepth = 256

    private static func environment(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name]
    }

    static func parseMode(_ text: String?) -> CaptureMode {
        guard let text = text?.lowercased().trimmingCharacters(in: .whitespaces), !text.isEmpty else { return .on }
        switch text {
        case "off", "0", "no", "false": return .off
        case "on", "1", "yes", "true": return .on
        default:
            for prefix in ["sample:", "sampled:", "sample=", "sampled="] where text.hasPrefix(prefix) {
                if let every = Int(text.dropFirst(prefix.count)), every > 0 { return .sampled(every: every) }
            }
            return .on
        }
    }

    private static func code(for mode: CaptureMode) -> Int {
        switch mode {
        case .off: return 0
        case .on: return -1
        case .sampled(let every): return every > 0 ? every : 0
        }
    }

    private static func clampDepth(_ depth: Int) -> Int { min(max(depth, 1), maximumDepth) }

    @inline(__always)
    private static var currentCode: Int {
        let code = modeCode.load(ordering: .relaxed)
        return code != unread ? code : readModeFromEnvironment()
    }

    @inline(never)
    private static func readModeFromEnvironment() -> Int {
        let code = code(for: parseMode(environment("RXTRACE_CAPTURE")))
        // A value set in code before the first read wins over the environment.
        let (exchanged, original) = modeCode.compareExchange(expected: unread, desired: code, ordering: .relaxed)
        return exchanged ? code : original
    }

    static var captureMode: CaptureMode {
        get {
            let code = currentCode
            switch code {
            case 0: return .off
            case -1: return .on
            default: return .sampled(every: code)
            }
        }
        set { modeCode.store(code(for: newValue), ordering: .relaxed) }
    }

    static var captureDepth: Int {
        get {
            let frames = depth.load(ordering: .relaxed)
            return frames != 0 ? frames : readDepthFromEnvironment()
        }
        set { depth.store(clampDepth(newValue), ordering: .relaxed) }
    }

    @inline(never)
    private static func readDepthFromEnvironment() -> Int {
        let frames = clampDepth(Int(environment("RXTRACE_DEPTH") ?? "") ?? 32)
        let (exchanged, original) = depth.compareExchange(expected: 0, desired: frames, ordering: .relaxed)
        return exchanged ? frames : original
    }

    static var currentSequence: UInt64 { sequence.load(ordering: .acquiring) }

    @inline(__always)
    static func nextSequence() -> UInt64 {
        sequence.wrappingAdd(1, ordering: .relaxed).newValue
    }

    @inline(__always)
    static func shouldCapture(_ sequence: UInt64) -> Bool {
        #if canImport(CUnwind)
        let code = currentCode
        if code == -1 { return true }
        if code == 0 { return false }
        return sequence % UInt64(code) == 0
        #else
        return false
        #endif
    }
}
#endif
