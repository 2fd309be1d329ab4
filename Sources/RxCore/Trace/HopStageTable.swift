#if TRACE_RESOURCES
import Foundation
import Synchronization

/// What happened at a stage, for the thread-hop recording.
public enum HopEventKind: Int, CaseIterable, Sendable {
    /// The stage was subscribed (its sink was created).
    case subscribed
    /// An event reached the stage's observer side (recorded by observers: the subscriber's
    /// handler and `observe(on:)`'s input).
    case received
    /// The stage sent an event downstream (any kind: telling them apart would cost a generic
    /// enum switch per event per stage).
    case delivered
    /// The subscriber received its terminal event (`error` or `completed`), or `observe(on:)`
    /// forwarded one.
    case terminated
    /// The stage was disposed.
    case disposed
}

/// The thread-hop stage table: one entry per distinct stage of a subscription chain (the same
/// operator at the same place in the same chain shares an entry however often it is
/// subscribed), each with first-seen sets of places (thread + scheduler) and counts per kind of
/// event.
///
/// Bounds: at most `maximumStages` stages (later stages are not recorded, `droppedStages`
/// counts them) and `maximumPlacesPerKind` places per kind per stage (further places add to an
/// overflow count). So memory stays under about 4,096 × 6 × 8 × 16 bytes (3 MB) however long a
/// program runs.
enum HopStageTable {
    static let maximumStages = 4_096
    static let maximumPlacesPerKind = 8

    struct Key: Hashable {
        let downstream: UInt32
        let type: ObjectIdentifier
        let producerStack: UInt32
    }

    struct PlaceCount {
        var place: UInt64
        var count: UInt64
    }

    /// One stage: its identity and, in one fixed block of plain memory (no per-access
    /// exclusivity checks, no array copies under the lock), `maximumPlacesPerKind` slots per
    /// kind of event plus an overflow count per kind. Only touched under the table's lock.
    final class Record {
        let key: Key
        let type: AnyObject.Type
        /// The first subscription's allocation stack of this stage's sink.
        let sinkStack: UInt32
        /// The producer whose `run` made the sink (nil for a subscriber).
        let producerType: AnyObject.Type?
        private let slots: UnsafeMutablePointer<PlaceCount>
        private let overflowCounts: UnsafeMutablePointer<UInt64>

        private static var kinds: Int { HopEventKind.allCases.count }

        init(key: Key, type: AnyObject.Type, producerType: AnyObject.Type?, sinkStack: UInt32) {
            self.key = key
            self.type = type
            self.producerType = producerType
            self.sinkStack = sinkStack
            slots = .allocate(capacity: Self.kinds * HopStageTable.maximumPlacesPerKind)
            slots.initialize(repeating: PlaceCount(place: 0, count: 0), count: Self.kinds * HopStageTable.maximumPlacesPerKind)
            overflowCounts = .allocate(capacity: Self.kinds)
            overflowCounts.initialize(repeating: 0, count: Self.kinds)
        }

        deinit {
            slots.deallocate()
            overflowCounts.deallocate()
        }

        /// Adds `count` at `place` (a new place takes the next free slot; 0 only marks it seen).
        func add(_ kind: HopEventKind, place: UInt64, count: UInt64) {
            let base = slots + kind.rawValue * HopStageTable.maximumPlacesPerKind
            var slot = 0
            while slot < HopStageTable.maximumPlacesPerKind {
                if base[slot].place == place {
                    base[slot].count &+= count
                    return
                }
                if base[slot].place == 0 {
                    base[slot] = PlaceCount(place: place, count: count)
                    return
                }
                slot += 1
            }
            overflowCounts[kind.rawValue] &+= count
        }

        func places(_ kind: HopEventKind) -> [PlaceCount] {
            let base = slots + kind.rawValue * HopStageTable.maximumPlacesPerKind
            return (0..<HopStageTable.maximumPlacesPerKind).map { base[$0] }.filter { $0.place != 0 }
        }

        func overflow(_ kind: HopEventKind) -> UInt64 { overflowCounts[kind.rawValue] }

        var isEmpty: Bool {
            HopEventKind.allCases.allSatisfy { slots[$0.rawValue * HopStageTable.maximumPlacesPerKind].place == 0 && overflowCounts[$0.rawValue] == 0 }
        }

        func reset() {
            slots.update(repeating: PlaceCount(place: 0, count: 0), count: Self.kinds * HopStageTable.maximumPlacesPerKind)
            overflowCounts.update(repeating: 0, count: Self.kinds)
        }
    }

    private static let lock = RegistryLock()
    /// Index 0 is unused: stage id 0 means "not recorded".
    nonisolated(unsafe) private static var records: [Record?] = [nil]
    nonisolated(unsafe) private static var ids: [Key: UInt32] = [:]
    nonisolated(unsafe) static var droppedStages = 0

    /// Whether stages are recorded. Starts from `RXTRACE_HOPS` (`off` disables it); default on.
    static let enabled = Atomic<Bool>(HopStageTable.environmentEnables())

    private static func environmentEnables() -> Bool {
        guard let text = ProcessInfo.processInfo.environment["RXTRACE_HOPS"]?.lowercased() else { return true }
        return !(text == "off" || text == "0" || text == "no" || text == "false")
    }

    /// The stage of a sink just created: interned by its downstream stage, its type and the
    /// producer that made it, and its subscription place recorded.
    static func stage(downstream: UInt32, type: AnyObject.Type, producerStack: UInt32, producerType: AnyObject.Type?,
                      sinkStack: UInt32, place: UInt64) -> UInt32 {
        let key = Key(downstream: downstream, type: ObjectIdentifier(type), producerStack: producerStack)
        return lock.withLock { () -> UInt32 in
            let id: UInt32
            if let existing = ids[key] {
                id = existing
            } else {
                guard records.count <= maximumStages else {
                    droppedStages += 1
                    return 0
                }
                records.append(Record(key: key, type: type, producerType: producerType, sinkStack: sinkStack))
                id = UInt32(records.count - 1)
                ids[key] = id
            }
            let record = records[Int(id)]!
            record.add(.subscribed, place: place, count: 0)
            return id
        }
    }

    /// Adds `count` events (0: only marks the place as seen).
    static func add(stage: UInt32, _ kind: HopEventKind, place: UInt64, count: UInt64 = 1) {
        guard stage != 0, place != 0 else { return }
        lock.withLock {
            guard Int(stage) < records.count, let record = records[Int(stage)] else { return }
            record.add(kind, place: place, count: count)
        }
    }

    /// A frequent event moved to a new place: adds the old place's count, marks the new one.
    static func changePlace(stage: UInt32, _ kind: HopEventKind, from previous: UInt64, count: UInt64, to place: UInt64) {
        lock.withLock {
            guard Int(stage) < records.count, let record = records[Int(stage)] else { return }
            if previous != 0, count != 0 { record.add(kind, place: previous, count: count) }
            record.add(kind, place: place, count: 0)
        }
    }

    /// Everything a freed sink or observer still held, in one update.
    static func finish(stage: UInt32, subscribed: UInt64, frequent: HopEventKind, place: UInt64, count: UInt64,
                       terminalPlace: UInt64, disposed: UInt64) {
        lock.withLock {
            guard Int(stage) < records.count, let record = records[Int(stage)] else { return }
            if subscribed != 0 { record.add(.subscribed, place: subscribed, count: 1) }
            if place != 0, count != 0 { record.add(frequent, place: place, count: count) }
            if terminalPlace != 0 { record.add(.terminated, place: terminalPlace, count: 1) }
            if disposed != 0 { record.add(.disposed, place: disposed, count: 1) }
        }
    }

    /// Forgets every count (stage identities stay, so live sinks keep valid ids).
    static func resetCounts() {
        lock.withLock {
            for record in records.dropFirst() { record?.reset() }
            droppedStages = 0
        }
    }

    static func snapshot() -> [(id: UInt32, record: Record, places: [[PlaceCount]], overflow: [UInt64])] {
        lock.withLock {
            records.indices.dropFirst().compactMap { index in
                guard let record = records[index], !record.isEmpty else { return nil }
                return (UInt32(index), record, HopEventKind.allCases.map { record.places($0) }, HopEventKind.allCases.map { record.overflow($0) })
            }
        }
    }
}
#endif
