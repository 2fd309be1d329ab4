#if TRACE_RESOURCES
#if canImport(CUnwind)
import CUnwind
#endif

extension ResourceRegistry {
    /// Captures this thread's return addresses with libunwind and interns them. Returns the
    /// stack's id (0 when nothing could be captured).
    @inline(never)
    static func captureStack(depth: Int) -> UInt32 {
        #if canImport(CUnwind)
        // The first frames are unw_backtrace and this function (in unoptimised builds also
        // `register` and `Resources.track`): capture past them so `depth` frames remain.
        #if DEBUG
        let skipped = 4
        #else
        let skipped = 2
        #endif
        return withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: depth + skipped) { buffer in
            let captured = Int(unw_backtrace(buffer.baseAddress!, Int32(depth + skipped)))
            guard captured > skipped else { return 0 }
            return buffer.baseAddress!.withMemoryRebound(to: UInt.self, capacity: captured) { addresses in
                StackInterner.shared.intern(UnsafeBufferPointer(start: addresses + skipped, count: captured - skipped))
            }
        }
        #else
        return 0
        #endif
    }
}

/// Keeps one copy of each distinct backtrace. Ids encode the stripe in their low bits and are
/// never 0, so 0 can mean "no stack".
final class StackInterner: @unchecked Sendable {
    static let shared = StackInterner()

    private static let stripeBits: UInt32 = 4
    private let stripes: ContiguousArray<Stripe>

    private init() {
        stripes = ContiguousArray((0..<(1 << StackInterner.stripeBits)).map { _ in Stripe() })
    }

    func intern(_ addresses: UnsafeBufferPointer<UInt>) -> UInt32 {
        // FNV-1a over the words: deterministic, cheap, and good enough to spread stripes.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for address in addresses {
            hash = (hash ^ UInt64(address)) &* 0x100_0000_01b3
        }
        hash ^= hash >> 29
        let stripeIndex = UInt32(truncatingIfNeeded: hash) & ((1 << StackInterner.stripeBits) - 1)
        let local = stripes[Int(stripeIndex)].intern(addresses, hash: hash)
        return local << StackInterner.stripeBits | stripeIndex
    }

    func addresses(of id: UInt32) -> [UInt] {
        let stripeIndex = id & ((1 << StackInterner.stripeBits) - 1)
        return stripes[Int(stripeIndex)].addresses(local: id >> StackInterner.stripeBits)
    }

    var count: Int { stripes.reduce(0) { $0 + $1.count } }

    /// Every id interned so far.
    var ids: [UInt32] {
        var ids: [UInt32] = []
        for (index, stripe) in stripes.enumerated() where stripe.count > 0 {
            for local in 1...UInt32(stripe.count) { ids.append(local << StackInterner.stripeBits | UInt32(index)) }
        }
        return ids
    }
}

private final class Stripe {
    private struct Storage {
        /// hash → index + 1 of the first stack with that hash; `next` chains collisions.
        var firstByHash: [UInt64: UInt32] = [:]
        var stacks: [ContiguousArray<UInt>] = []
        var next: [UInt32] = []
    }

    private let lock = RegistryLock()
    private var storage = Storage()

    /// Returns the stack's local number, starting at 1.
    func intern(_ addresses: UnsafeBufferPointer<UInt>, hash: UInt64) -> UInt32 {
        lock.withLock {
            var candidate = storage.firstByHash[hash] ?? 0
            while candidate != 0 {
                let stored = storage.stacks[Int(candidate - 1)]
                if stored.elementsEqual(addresses) { return candidate }
                candidate = storage.next[Int(candidate - 1)]
            }
            storage.stacks.append(ContiguousArray(addresses))
            let number = UInt32(storage.stacks.count)
            storage.next.append(storage.firstByHash[hash] ?? 0)
            storage.firstByHash[hash] = number
            return number
        }
    }

    func addresses(local: UInt32) -> [UInt] {
        lock.withLock {
            guard local >= 1, Int(local) <= storage.stacks.count else { return [] }
            return Array(storage.stacks[Int(local - 1)])
        }
    }

    var count: Int { lock.withLock { storage.stacks.count } }
}
#endif
