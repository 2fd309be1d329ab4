#if TRACE_RESOURCES
import Synchronization
import CRxTraceThread
#if canImport(CUnwind)
import CUnwind
#endif

/// What one thread's stack captures keep between calls, in plain memory behind one
/// thread-local load (touched only by its own thread, so no lock and no exclusivity checks):
/// the stacks it interned last (most captures repeat a stack seen a moment ago), and, for the
/// frame-pointer walk, the thread's stack bounds, libunwind's view of the outermost frames (the
/// C library's thread or program start, which keeps no frame pointers) and scratch buffers.
struct CaptureThreadState {
    /// A stack this thread interned: `frames` is the interner's own copy (never freed).
    struct InternedStack {
        var hash: UInt64 = 0
        var count: Int = 0
        var frames: UnsafePointer<UInt>?
        var id: UInt32 = 0
    }

    /// libunwind's frames beyond a return into code without frame pointers: valid while every
    /// return address is still stored where it was (`slots`), i.e. the same outer frames are live.
    struct Tail {
        /// Where the return address into the C code was stored, and that address.
        var slot: UInt = 0
        var returnAddress: UInt = 0
        var count: Int = 0
        var slots: UnsafeMutablePointer<UInt>?
        var addresses: UnsafeMutablePointer<UInt>?
    }

    /// Interned stacks remembered per thread: 512 sets of two (32 KB).
    static let internedEntries = 1024
    static let tailEntries = 4
    /// Frames libunwind may return: the deepest capture plus the capture's own frames.
    static let scratchCapacity = RegistryState.maximumDepth + 8

    let interned: UnsafeMutablePointer<InternedStack>
    let tails: UnsafeMutablePointer<Tail>
    var nextTail = 0
    /// [stackLow, stackHigh): this thread's stack (both 0 when unknown: no frame-pointer walk).
    var stackLow: UInt = 0
    var stackHigh: UInt = 0
    /// How many captures asked libunwind (a first capture at a place; the tests read it).
    var libunwindCaptures = 0
    let scratchAddresses: UnsafeMutablePointer<UInt>
    let scratchStackPointers: UnsafeMutablePointer<UInt>
    let scratchFramePointers: UnsafeMutablePointer<UInt>

    private init() {
        interned = .allocate(capacity: Self.internedEntries)
        interned.initialize(repeating: InternedStack(), count: Self.internedEntries)
        tails = .allocate(capacity: Self.tailEntries)
        tails.initialize(repeating: Tail(), count: Self.tailEntries)
        scratchAddresses = .allocate(capacity: Self.scratchCapacity)
        scratchStackPointers = .allocate(capacity: Self.scratchCapacity)
        scratchFramePointers = .allocate(capacity: Self.scratchCapacity)
        #if canImport(CUnwind) && os(Linux) && arch(x86_64)
        var low: UInt = 0
        var high: UInt = 0
        if rxtrace_stack_bounds(&low, &high) != 0 {
            stackLow = low
            stackHigh = high
        }
        #endif
    }

    private static let key = Atomic<UInt32>(ThreadLocalBlock.noKey)

    @inline(__always)
    static var current: UnsafeMutablePointer<CaptureThreadState> {
        ThreadLocalBlock.current(
            cached: rxtrace_thread_capture_state(),
            key: key,
            release: { pointer in
                rxtrace_thread_set_capture_state(nil)
                ThreadLocalBlock.free(pointer, as: CaptureThreadState.self) { state in
                    for index in 0..<CaptureThreadState.tailEntries {
                        state.pointee.tails[index].slots?.deallocate()
                        state.pointee.tails[index].addresses?.deallocate()
                    }
                    state.pointee.tails.deallocate()
                    state.pointee.interned.deallocate()
                    state.pointee.scratchAddresses.deallocate()
                    state.pointee.scratchStackPointers.deallocate()
                    state.pointee.scratchFramePointers.deallocate()
                }
            },
            cache: { rxtrace_thread_set_capture_state($0) },
            make: { CaptureThreadState() }
        )
    }

    /// The cached outer frames stored beyond `slot` holding `returnAddress`, when every one of
    /// them is still in place.
    @inline(__always)
    func tail(slot: UInt, returnAddress: UInt) -> UnsafeMutablePointer<Tail>? {
        for index in 0..<Self.tailEntries where tails[index].slot == slot && tails[index].returnAddress == returnAddress
        {
            let tail = tails + index
            let count = tail.pointee.count
            guard let slots = tail.pointee.slots, let addresses = tail.pointee.addresses else { return nil }
            for frame in 0..<count where UnsafePointer<UInt>(bitPattern: slots[frame])!.pointee != addresses[frame] {
                return nil
            }
            return tail
        }
        return nil
    }

    /// Remembers libunwind's frames `from..<count` of the scratch buffers as the tail beyond
    /// `slot` holding `returnAddress` (frame k's return address was stored just below its stack
    /// pointer).
    mutating func rememberTail(slot: UInt, returnAddress: UInt, from start: Int, count: Int) {
        var index = 0
        while index < Self.tailEntries, tails[index].slot != slot || tails[index].returnAddress != returnAddress {
            index += 1
        }
        if index == Self.tailEntries {
            index = nextTail
            nextTail = (nextTail + 1) % Self.tailEntries
        }
        let tail = tails + index
        if tail.pointee.slots == nil {
            tail.pointee.slots = .allocate(capacity: Self.scratchCapacity)
            tail.pointee.addresses = .allocate(capacity: Self.scratchCapacity)
        }
        let length = max(0, count - start)
        for frame in 0..<length {
            tail.pointee.slots![frame] = scratchStackPointers[start + frame] &- UInt(MemoryLayout<UInt>.size)
            tail.pointee.addresses![frame] = scratchAddresses[start + frame]
        }
        tail.pointee.count = length
        tail.pointee.slot = slot
        tail.pointee.returnAddress = returnAddress
    }
}
#endif
