#if TRACE_RESOURCES
#if canImport(CUnwind)
import CUnwind
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ResourceRegistry {
    /// The frames registration adds between a resource's initializer and `captureStack`: in
    /// unoptimised builds `Resources.track` and `register` have frames of their own (inlined in
    /// release).
    #if DEBUG
    static let registrationFrames = 2
    #else
    static let registrationFrames = 0
    #endif

    /// The allocation stack a resource registered here would get, for a stage recorded without
    /// an object (`Just.run`): captured as `register` captures (capture mode, sampling, depth),
    /// nothing registered. Sampled mode samples by the current sequence number.
    @inline(__always)
    static func stageStack() -> UInt32 {
        RegistryState.shouldCapture(RegistryState.currentSequence)
            ? captureStack(depth: RegistryState.captureDepth, skipping: stageStackFrames) : 0
    }

    /// The frames `stageStack` adds in unoptimised builds (inlined in release).
    #if DEBUG
    static let stageStackFrames = 1
    #else
    static let stageStackFrames = 0
    #endif

    /// Captures this thread's return addresses and interns them. Returns the stack's id (0 when
    /// nothing could be captured). The first address is the return into the caller of this
    /// function, or `skipping` frames further out.
    ///
    /// On Linux x86_64 the frames come from frame records where libunwind showed they are kept
    /// (a few instructions per frame, `FramePointerWalk`), and from libunwind elsewhere; the
    /// result is the same list of addresses libunwind gives (`FramePointerCaptureTests`).
    /// Elsewhere, libunwind's `unw_backtrace`.
    @inline(never)
    static func captureStack(depth: Int, skipping: Int = 0) -> UInt32 {
        #if canImport(CUnwind) && os(Linux) && arch(x86_64)
        // Read here, in this function's body: the walk starts from this function's own record.
        let ownFrame = rxtrace_caller_frame()
        let state = CaptureThreadState.current
        return withUnsafeTemporaryAllocation(of: UInt.self, capacity: depth) { buffer in
            let count = FramePointerWalk.capture(
                into: buffer.baseAddress!,
                depth: depth,
                ownFrame: ownFrame,
                skipping: skipping,
                state: state
            )
            guard count > 0 else { return 0 }
            return StackInterner.shared.intern(
                UnsafeBufferPointer(start: buffer.baseAddress!, count: count),
                cache: state
            )
        }
        #elseif canImport(CUnwind)
        // The first frames are unw_backtrace and this function: capture past them so `depth`
        // frames remain.
        let skipped = 2 + skipping
        let state = CaptureThreadState.current
        return withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: depth + skipped) { buffer in
            let captured = Int(unw_backtrace(buffer.baseAddress!, Int32(depth + skipped)))
            guard captured > skipped else { return 0 }
            return buffer.baseAddress!.withMemoryRebound(to: UInt.self, capacity: captured) { addresses in
                StackInterner.shared.intern(
                    UnsafeBufferPointer(start: addresses + skipped, count: captured - skipped),
                    cache: state
                )
            }
        }
        #else
        return 0
        #endif
    }
}

#if canImport(CUnwind) && os(Linux) && arch(x86_64)
extension ResourceRegistry {
    /// The frames `captureStack(depth:)` would return if called here, computed by libunwind
    /// alone, twice: stepping frame by frame (`rxtrace_unwind`) and with `unw_backtrace`, as
    /// captures were made before the frame-pointer walk. For the tests that hold the walk to them.
    @inline(never)
    static func libunwindStacks(depth: Int) -> (stepped: [UInt], backtrace: [UInt]) {
        let ownFrame = rxtrace_caller_frame()
        let firstSlot = ownFrame &+ UInt(MemoryLayout<UInt>.size)
        let firstAddress = UnsafePointer<UInt>(bitPattern: firstSlot)!.pointee
        let capacity = CaptureThreadState.scratchCapacity
        var addresses = [UInt](repeating: 0, count: capacity)
        var stackPointers = addresses
        var framePointers = addresses
        let stepped = Int(rxtrace_unwind(&addresses, &stackPointers, &framePointers, Int32(capacity)))
        let first =
            (1..<max(stepped, 1)).first { stackPointers[$0] &- UInt(MemoryLayout<UInt>.size) == firstSlot } ?? stepped
        var raw = [UnsafeMutableRawPointer?](repeating: nil, count: capacity)
        let captured = Int(unw_backtrace(&raw, Int32(capacity)))
        let backtrace = raw[0..<captured].map { UInt(bitPattern: $0) }
        let firstInBacktrace = backtrace.firstIndex(of: firstAddress) ?? captured
        return (
            Array(addresses[first..<min(stepped, first + depth)]),
            Array(backtrace[firstInBacktrace..<min(captured, firstInBacktrace + depth)])
        )
    }
}
#endif

/// Keeps one copy of each distinct backtrace. Ids encode the stripe in their low bits and are
/// never 0, so 0 can mean "no stack".
///
/// Most captures repeat a stack the same thread interned a moment ago (every subscription from
/// one line of code): each thread's `CaptureThreadState` keeps the last stacks it interned, by
/// hash, and finds them again by comparing against the interner's copy (never freed, never
/// changed), without a lock.
final class StackInterner: @unchecked Sendable {
    static let shared = StackInterner()

    private static let stripeBits: UInt32 = 4
    private let stripes: ContiguousArray<Stripe>

    private init() {
        stripes = ContiguousArray((0..<(1 << StackInterner.stripeBits)).map { _ in Stripe() })
    }

    func intern(_ addresses: UnsafeBufferPointer<UInt>, cache state: UnsafeMutablePointer<CaptureThreadState>) -> UInt32
    {
        // FNV-1a over the words: deterministic, cheap, and good enough to spread stripes.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for address in addresses {
            hash = (hash ^ UInt64(address)) &* 0x100_0000_01b3
        }
        hash ^= hash >> 29
        // Two ways per set: with one, a chain's hundred-odd stacks evicted each other often
        // enough (16 % of the captures of 6× map+filter creation) to pay the stripe's lock and
        // dictionary on every sixth capture.
        let set =
            state.pointee.interned + 2
            * Int(truncatingIfNeeded: (hash >> 7) % UInt64(CaptureThreadState.internedEntries / 2))
        if let id = Self.cached(set, hash: hash, addresses) ?? Self.cached(set + 1, hash: hash, addresses) { return id }
        let stripeIndex = UInt32(truncatingIfNeeded: hash) & ((1 << StackInterner.stripeBits) - 1)
        let (local, frames) = stripes[Int(stripeIndex)].intern(addresses, hash: hash)
        let id = local << StackInterner.stripeBits | stripeIndex
        // The newest in the first way, the one it displaces in the second.
        (set + 1).pointee = set.pointee
        set.pointee = CaptureThreadState.InternedStack(hash: hash, count: addresses.count, frames: frames, id: id)
        return id
    }

    @inline(__always)
    private static func cached(
        _ entry: UnsafeMutablePointer<CaptureThreadState.InternedStack>,
        hash: UInt64,
        _ addresses: UnsafeBufferPointer<UInt>
    ) -> UInt32? {
        guard entry.pointee.hash == hash, entry.pointee.count == addresses.count, let frames = entry.pointee.frames,
            memcmp(frames, addresses.baseAddress!, addresses.count * MemoryLayout<UInt>.size) == 0
        else { return nil }
        return entry.pointee.id
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
        /// Each stack's frames, allocated once and never freed or changed (threads' caches
        /// point at them).
        var stacks: [UnsafeBufferPointer<UInt>] = []
        var next: [UInt32] = []
    }

    private let lock = RegistryLock()
    private var storage = Storage()

    /// Returns the stack's local number, starting at 1, and the interner's copy of its frames.
    func intern(_ addresses: UnsafeBufferPointer<UInt>, hash: UInt64) -> (UInt32, UnsafePointer<UInt>) {
        lock.withLock {
            var candidate = storage.firstByHash[hash] ?? 0
            while candidate != 0 {
                let stored = storage.stacks[Int(candidate - 1)]
                if stored.count == addresses.count,
                    memcmp(stored.baseAddress!, addresses.baseAddress!, addresses.count * MemoryLayout<UInt>.size) == 0
                {
                    return (candidate, stored.baseAddress!)
                }
                candidate = storage.next[Int(candidate - 1)]
            }
            let copy = UnsafeMutablePointer<UInt>.allocate(capacity: max(addresses.count, 1))
            copy.initialize(from: addresses.baseAddress!, count: addresses.count)
            storage.stacks.append(UnsafeBufferPointer(start: copy, count: addresses.count))
            let number = UInt32(storage.stacks.count)
            storage.next.append(storage.firstByHash[hash] ?? 0)
            storage.firstByHash[hash] = number
            return (number, UnsafePointer(copy))
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
