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
/// Recording takes no lock: a stage is found by its id in a fixed table of published records,
/// and a place's slot is claimed with a compare-exchange and counted with an atomic add (every
/// sink adds its counts when it is freed, and a delivery marks a new place at once, so a lock
/// here was taken once per sink and per event in `observe(on:)`). Only making a new stage locks.
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

    /// One stage: its identity and, in fixed blocks of atomic words, `maximumPlacesPerKind` place
    /// slots with their counts per kind of event, plus an overflow count per kind.
    final class Record {
        let key: Key
        let type: AnyObject.Type
        /// The first subscription's allocation stack of this stage's sink.
        let sinkStack: UInt32
        /// The producer whose `run` made the sink (nil for a subscriber).
        let producerType: AnyObject.Type?
        private let places: UnsafeMutablePointer<Atomic<UInt64>>
        private let counts: UnsafeMutablePointer<Atomic<UInt64>>
        private let overflowCounts: UnsafeMutablePointer<Atomic<UInt64>>

        private static var kinds: Int { HopEventKind.allCases.count }
        private static var slotCount: Int { kinds * HopStageTable.maximumPlacesPerKind }

        init(key: Key, type: AnyObject.Type, producerType: AnyObject.Type?, sinkStack: UInt32) {
            self.key = key
            self.type = type
            self.producerType = producerType
            self.sinkStack = sinkStack
            places = .allocate(capacity: Self.slotCount)
            counts = .allocate(capacity: Self.slotCount)
            for index in 0..<Self.slotCount {
                (places + index).initialize(to: Atomic<UInt64>(0))
                (counts + index).initialize(to: Atomic<UInt64>(0))
            }
            overflowCounts = .allocate(capacity: Self.kinds)
            for index in 0..<Self.kinds { (overflowCounts + index).initialize(to: Atomic<UInt64>(0)) }
        }

        deinit {
            places.deinitialize(count: Self.slotCount)
            places.deallocate()
            counts.deinitialize(count: Self.slotCount)
            counts.deallocate()
            overflowCounts.deinitialize(count: Self.kinds)
            overflowCounts.deallocate()
        }

        /// Adds `count` at `place` (a new place claims the next free slot; 0 only marks it seen).
        func add(_ kind: HopEventKind, place: UInt64, count: UInt64) {
            let base = kind.rawValue * HopStageTable.maximumPlacesPerKind
            for slot in base..<(base + HopStageTable.maximumPlacesPerKind) {
                var seen = places[slot].load(ordering: .relaxed)
                if seen == 0 {
                    seen = places[slot].compareExchange(expected: 0, desired: place, ordering: .relaxed).original
                    if seen == 0 { seen = place }
                }
                if seen == place {
                    if count != 0 { counts[slot].wrappingAdd(count, ordering: .relaxed) }
                    return
                }
            }
            if count != 0 { overflowCounts[kind.rawValue].wrappingAdd(count, ordering: .relaxed) }
        }

        func places(_ kind: HopEventKind) -> [PlaceCount] {
            let base = kind.rawValue * HopStageTable.maximumPlacesPerKind
            return (base..<(base + HopStageTable.maximumPlacesPerKind)).compactMap { slot in
                let place = places[slot].load(ordering: .relaxed)
                return place == 0 ? nil : PlaceCount(place: place, count: counts[slot].load(ordering: .relaxed))
            }
        }

        func overflow(_ kind: HopEventKind) -> UInt64 { overflowCounts[kind.rawValue].load(ordering: .relaxed) }

        var isEmpty: Bool {
            HopEventKind.allCases.allSatisfy {
                places[$0.rawValue * HopStageTable.maximumPlacesPerKind].load(ordering: .relaxed) == 0
                    && overflowCounts[$0.rawValue].load(ordering: .relaxed) == 0
            }
        }

        /// Forgets places and counts. Meant for quiet moments: an add racing with it may keep a
        /// count it would otherwise have lost, or lose one.
        func reset() {
            for index in 0..<Self.slotCount {
                places[index].store(0, ordering: .relaxed)
                counts[index].store(0, ordering: .relaxed)
            }
            for index in 0..<Self.kinds { overflowCounts[index].store(0, ordering: .relaxed) }
        }
    }

    /// Counts since the last `resetCounts` (which forgets every marked place): threads remember
    /// places they marked only within one generation (`HopThreadState.FrequentMark`).
    private static let countGeneration = Atomic<UInt32>(0)

    @inline(__always)
    static var generation: UInt32 { countGeneration.load(ordering: .acquiring) }

    /// Making stages (the id dictionary, the number of ids) happens under this lock.
    private static let lock = RegistryLock()
    /// Index 0 is unused: stage id 0 means "not recorded".
    nonisolated(unsafe) private static var stageCount = 1
    nonisolated(unsafe) private static var ids: [Key: UInt32] = [:]
    nonisolated(unsafe) static var droppedStages = 0

    /// Each stage's record (`Unmanaged<Record>` bits, never released), published with a
    /// releasing store once made, so a thread that learnt an id from another reads a whole
    /// record. The block is made on first use and never freed.
    private static let publishedRecords = Atomic<UInt>(0)

    @inline(__always)
    private static var records: UnsafeMutablePointer<Atomic<UInt>> {
        PublishedWords.block(publishedRecords, count: maximumStages + 1)
    }

    @inline(__always)
    private static func withRecord(_ stage: UInt32, _ body: (Record) -> Void) {
        guard stage != 0, Int(stage) <= maximumStages else { return }
        let bits = records[Int(stage)].load(ordering: .acquiring)
        guard let opaque = UnsafeRawPointer(bitPattern: bits) else { return }
        Unmanaged<Record>.fromOpaque(opaque)._withUnsafeGuaranteedRef(body)
    }

    /// Whether stages are recorded: 1 on, 2 off, 0 until `RXTRACE_HOPS` is read (`off` disables
    /// it; default on). A constant initial value: read on every subscription without `swift_once`.
    private static let enabledState = Atomic<UInt8>(0)

    static var isEnabled: Bool {
        get {
            let state = enabledState.load(ordering: .relaxed)
            return (state != 0 ? state : readEnvironment()) == 1
        }
        set { enabledState.store(newValue ? 1 : 2, ordering: .relaxed) }
    }

    @inline(never)
    private static func readEnvironment() -> UInt8 {
        let text = ProcessInfo.processInfo.environment["RXTRACE_HOPS"]?.lowercased()
        let state: UInt8 = text == "off" || text == "0" || text == "no" || text == "false" ? 2 : 1
        let (exchanged, original) = enabledState.compareExchange(expected: 0, desired: state, ordering: .relaxed)
        return exchanged ? state : original
    }

    /// The stage of a sink just created: interned by its downstream stage, its type and the
    /// producer that made it, and its subscription place recorded.
    static func stage(
        downstream: UInt32,
        type: AnyObject.Type,
        producerStack: UInt32,
        producerType: AnyObject.Type?,
        sinkStack: UInt32,
        place: UInt64
    ) -> UInt32 {
        let key = Key(downstream: downstream, type: ObjectIdentifier(type), producerStack: producerStack)
        let records = records
        let id = lock.withLock { () -> UInt32 in
            if let existing = ids[key] { return existing }
            guard stageCount <= maximumStages else {
                droppedStages += 1
                return 0
            }
            let record = Record(key: key, type: type, producerType: producerType, sinkStack: sinkStack)
            let id = UInt32(stageCount)
            stageCount += 1
            records[Int(id)].store(UInt(bitPattern: Unmanaged.passRetained(record).toOpaque()), ordering: .releasing)
            ids[key] = id
            return id
        }
        withRecord(id) { $0.add(.subscribed, place: place, count: 0) }
        return id
    }

    /// Adds `count` events (0: only marks the place as seen).
    static func add(stage: UInt32, _ kind: HopEventKind, place: UInt64, count: UInt64 = 1) {
        guard place != 0 else { return }
        withRecord(stage) { $0.add(kind, place: place, count: count) }
    }

    /// A frequent event moved to a new place: adds the old place's count, marks the new one.
    static func changePlace(stage: UInt32, _ kind: HopEventKind, from previous: UInt64, count: UInt64, to place: UInt64)
    {
        withRecord(stage) { record in
            if previous != 0, count != 0 { record.add(kind, place: previous, count: count) }
            record.add(kind, place: place, count: 0)
        }
    }

    /// Everything a freed sink or observer still held.
    static func finish(
        stage: UInt32,
        subscribed: UInt64,
        frequent: HopEventKind,
        place: UInt64,
        count: UInt64,
        terminalPlace: UInt64,
        disposed: UInt64
    ) {
        withRecord(stage) { record in
            if subscribed != 0 { record.add(.subscribed, place: subscribed, count: 1) }
            if place != 0, count != 0 { record.add(frequent, place: place, count: count) }
            if terminalPlace != 0 { record.add(.terminated, place: terminalPlace, count: 1) }
            if disposed != 0 { record.add(.disposed, place: disposed, count: 1) }
        }
    }

    /// Forgets every count (stage identities stay, so live sinks keep valid ids).
    static func resetCounts() {
        let count = lock.withLock { () -> Int in
            droppedStages = 0
            return stageCount
        }
        for stage in 1..<count { withRecord(UInt32(stage)) { $0.reset() } }
        // After the places are gone: a thread that read the old generation before marking a
        // place may have marked it before the reset; its mark is then invalid.
        countGeneration.wrappingAdd(1, ordering: .releasing)
    }

    static func snapshot() -> [(id: UInt32, record: Record, places: [[PlaceCount]], overflow: [UInt64])] {
        let count = lock.withLock { stageCount }
        var result: [(id: UInt32, record: Record, places: [[PlaceCount]], overflow: [UInt64])] = []
        for stage in 1..<count {
            withRecord(UInt32(stage)) { record in
                guard !record.isEmpty else { return }
                result.append(
                    (
                        UInt32(stage), record, HopEventKind.allCases.map { record.places($0) },
                        HopEventKind.allCases.map { record.overflow($0) }
                    )
                )
            }
        }
        return result
    }
}
#endif
