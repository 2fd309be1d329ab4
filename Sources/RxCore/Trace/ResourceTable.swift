#if TRACE_RESOURCES
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the registry stores per live resource: 24 bytes, plus the 8-byte key.
struct EntryRecord {
    /// sequence << 8 | references << 4 | kind
    private var bits: UInt64
    let type: AnyObject.Type
    let stack: UInt32
    let thread: UInt32

    init(sequence: UInt64, kind: ResourceKind, type: AnyObject.Type, stack: UInt32, thread: UInt32) {
        bits = sequence << 8 | 1 << 4 | UInt64(kind.code)
        self.type = type
        self.stack = stack
        self.thread = thread
    }

    var sequence: UInt64 { bits >> 8 }
    var kind: ResourceKind { ResourceKind(code: UInt8(truncatingIfNeeded: bits & 0xF)) }

    /// How many times the object was tracked: a subclass and its base may both call `track`.
    var references: Int { Int((bits >> 4) & 0xF) }

    mutating func addReference(kind: ResourceKind) {
        // The most derived initializer runs its `track` last: its kind describes the object.
        let references = min(UInt64(self.references + 1), 0xF)
        bits = (bits >> 8) << 8 | references << 4 | UInt64(kind.code)
    }

    mutating func removeReference() -> Bool {
        let references = UInt64(self.references)
        if references <= 1 { return true }
        bits = (bits & ~0xF0) | (references - 1) << 4
        return false
    }
}

extension ResourceKind {
    var code: UInt8 {
        switch self {
        case .sink: return 0
        case .observer: return 1
        case .disposable: return 2
        case .subject: return 3
        case .producer: return 4
        case .scheduledItem: return 5
        }
    }

    init(code: UInt8) {
        switch code {
        case 0: self = .sink
        case 1: self = .observer
        case 2: self = .disposable
        case 3: self = .subject
        case 4: self = .producer
        default: self = .scheduledItem
        }
    }
}

/// Live resources keyed by object address, striped over independently locked shards so that
/// threads registering and freeing resources rarely meet on one lock.
///
/// The shards live in one never-freed buffer (no reference counting on the hot path) and each
/// is guarded by a spin lock: uncontended it is one compare-exchange and one store, about a
/// third of a pthread mutex, and with 64 shards contention is rare. Being Swift atomics compiled
/// into this module, ThreadSanitizer sees the synchronisation.
enum ResourceTable {
    fileprivate static let shardBits = 6
    private static let shardCount = 1 << shardBits
    /// The shards' locks and tables, made on first use and never freed. Locks and tables are in
    /// separate memory: ThreadSanitizer models an access to a struct behind a pointer as touching
    /// the whole struct, which would overlap a lock stored inside it.
    private struct Shards {
        let locks: UnsafeMutablePointer<InlineSpinLock>
        let tables: UnsafeMutablePointer<Slots>
    }

    /// The address of the `Shards` (0 until the first registration). A constant initial value:
    /// reading it costs a load, where a lazily initialised global costs a `swift_once` call on
    /// every access.
    private static let published = Atomic<UInt>(0)

    @inline(__always)
    private static var shards: UnsafeMutablePointer<Shards> {
        if let shards = UnsafeMutablePointer<Shards>(bitPattern: published.load(ordering: .acquiring)) { return shards }
        return makeShards()
    }

    @inline(never)
    private static func makeShards() -> UnsafeMutablePointer<Shards> {
        let locks = UnsafeMutablePointer<InlineSpinLock>.allocate(capacity: shardCount)
        let tables = UnsafeMutablePointer<Slots>.allocate(capacity: shardCount)
        for index in 0..<shardCount {
            (locks + index).initialize(to: InlineSpinLock())
            (tables + index).initialize(to: Slots())
        }
        let shards = UnsafeMutablePointer<Shards>.allocate(capacity: 1)
        shards.initialize(to: Shards(locks: locks, tables: tables))
        let (exchanged, original) = published.compareExchange(
            expected: 0,
            desired: UInt(bitPattern: shards),
            ordering: .acquiringAndReleasing
        )
        if exchanged { return shards }
        // Another thread published first: ours was never seen by anyone.
        tables.deinitialize(count: shardCount)
        tables.deallocate()
        locks.deinitialize(count: shardCount)
        locks.deallocate()
        shards.deallocate()
        return UnsafeMutablePointer<Shards>(bitPattern: original)!
    }

    @inline(__always)
    private static func withShard<Result>(_ index: Int, _ body: (inout Slots) -> Result) -> Result {
        let shards = shards
        shards.pointee.locks[index].lock()
        defer { shards.pointee.locks[index].unlock() }
        return body(&shards.pointee.tables[index])
    }

    @inline(__always)
    fileprivate static func hash(_ address: UInt) -> UInt64 {
        // Objects are 16-byte aligned: drop the zero bits, then mix (Fibonacci hashing).
        UInt64(address >> 4) &* 0x9E37_79B9_7F4A_7C15
    }

    @inline(__always)
    static func insert(address: UInt, record: EntryRecord) {
        let hash = ResourceTable.hash(address)
        withShard(Int(hash >> UInt64(64 - ResourceTable.shardBits))) {
            $0.insert(address: address, hash: hash << UInt64(ResourceTable.shardBits), record: record)
        }
    }

    @inline(__always)
    static func remove(address: UInt) {
        let hash = ResourceTable.hash(address)
        withShard(Int(hash >> UInt64(64 - ResourceTable.shardBits))) {
            $0.remove(address: address, hash: hash << UInt64(ResourceTable.shardBits))
        }
    }

    private static func forEachShardLocked(_ body: (inout Slots) -> Void) {
        for index in 0..<ResourceTable.shardCount {
            withShard(index, body)
        }
    }

    /// Live references (the registry's equivalent of `Resources.total`).
    static var count: Int {
        var total = 0
        forEachShardLocked { total += $0.references }
        return total
    }

    static var allocatedBytes: Int {
        var total = 0
        forEachShardLocked { total += $0.capacity * Slots.bytesPerSlot }
        return total
    }

    /// Copies the records created after `sequence`, one shard at a time under its lock.
    static func records(after sequence: UInt64) -> [(address: UInt, record: EntryRecord)] {
        var result: [(address: UInt, record: EntryRecord)] = []
        forEachShardLocked { slots in
            for index in 0..<slots.capacity where slots.keys[index] != 0 {
                let record = slots.values[index]
                if record.sequence > sequence {
                    result.append((slots.keys[index], record))
                }
            }
        }
        return result
    }
}

private struct Slots: ~Copyable {
    static let bytesPerSlot = MemoryLayout<UInt>.stride + MemoryLayout<EntryRecord>.stride
    private static let minimumBits = 4

    /// The table's size in bits, and what follows from it, kept precomputed: insert and remove
    /// run once per resource each, and deriving these from `bits` (with Swift's checked shifts
    /// and arithmetic) was about a third of their instructions.
    private(set) var bits: Int
    private var mask: Int
    /// 64 - bits: a hash's top `bits` bits are its home slot.
    private var homeShift: UInt64
    /// Grow past this many keys (load factor 0.75), shrink below `shrinkBelow` (0.125).
    private var growAbove: Int
    private var shrinkBelow: Int
    private(set) var keys: UnsafeMutablePointer<UInt>
    private(set) var values: UnsafeMutablePointer<EntryRecord>
    private(set) var count = 0
    private(set) var references = 0

    var capacity: Int { 1 << bits }

    init() {
        bits = Slots.minimumBits
        mask = 0
        homeShift = 0
        growAbove = 0
        shrinkBelow = 0
        keys = .allocate(capacity: 1 << Slots.minimumBits)
        keys.initialize(repeating: 0, count: 1 << Slots.minimumBits)
        values = .allocate(capacity: 1 << Slots.minimumBits)
        setBits(Slots.minimumBits)
    }

    deinit {
        keys.deallocate()
        values.deallocate()
    }

    private mutating func setBits(_ newBits: Int) {
        bits = newBits
        mask = (1 << newBits) - 1
        homeShift = UInt64(64 - newBits)
        growAbove = (3 << newBits) / 4
        shrinkBelow = newBits > Slots.minimumBits ? (1 << newBits) / 8 : 0
    }

    @inline(__always)
    private func home(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash &>> homeShift) }

    mutating func insert(address: UInt, hash: UInt64, record: EntryRecord) {
        var index = home(hash)
        while true {
            let key = keys[index]
            if key == 0 { break }
            if key == address {
                values[index].addReference(kind: record.kind)
                references &+= 1
                return
            }
            index = (index &+ 1) & mask
        }
        keys[index] = address
        (values + index).initialize(to: record)
        count &+= 1
        references &+= 1
        if count > growAbove { resize(bits: bits + 1) }
    }

    mutating func remove(address: UInt, hash: UInt64) {
        var index = home(hash)
        while true {
            let key = keys[index]
            if key == 0 { return }  // not tracked (registered before the registry existed)
            if key == address { break }
            index = (index &+ 1) & mask
        }
        references &-= 1
        guard values[index].removeReference() else { return }
        // Backward-shift deletion: pull later members of the probe run into the hole.
        var hole = index
        var next = (hole &+ 1) & mask
        while keys[next] != 0 {
            let wanted = home(ResourceTable.slotHash(keys[next]))
            // Move the entry into the hole unless its home lies cyclically in (hole, next].
            let distanceToNext = (next &- wanted) & mask
            let distanceToHole = (hole &- wanted) & mask
            if distanceToHole < distanceToNext {
                keys[hole] = keys[next]
                values[hole] = values[next]
                hole = next
            }
            next = (next &+ 1) & mask
        }
        keys[hole] = 0
        count &-= 1
        if count < shrinkBelow { resize(bits: bits - 1) }
    }

    private mutating func resize(bits newBits: Int) {
        let oldKeys = keys
        let oldValues = values
        let oldCapacity = capacity
        keys = .allocate(capacity: 1 << newBits)
        keys.initialize(repeating: 0, count: 1 << newBits)
        values = .allocate(capacity: 1 << newBits)
        setBits(newBits)
        for old in 0..<oldCapacity where oldKeys[old] != 0 {
            var index = home(ResourceTable.slotHash(oldKeys[old]))
            while keys[index] != 0 { index = (index &+ 1) & mask }
            keys[index] = oldKeys[old]
            (values + index).initialize(to: oldValues[old])
        }
        oldKeys.deallocate()
        oldValues.deallocate()
    }
}

extension ResourceTable {
    /// The bits of an address's hash that select its slot within a shard.
    @inline(__always)
    fileprivate static func slotHash(_ address: UInt) -> UInt64 {
        hash(address) << UInt64(shardBits)
    }
}
#endif
