#if TRACE_RESOURCES && canImport(CUnwind) && os(Linux) && arch(x86_64)
import CUnwind

/// A stack capture from frame records, with libunwind's answer wherever the records cannot be
/// trusted, so the addresses are exactly libunwind's.
///
/// Following a frame record (`[fp]` the caller's record, `[fp + 8]` the return address into the
/// caller) costs a few instructions per frame where libunwind's table-driven unwinding cost
/// about 30, plus 80 to start. A record is followed only past return addresses libunwind has
/// shown to lead to a function with a record of its own (`FrameRecordVerdicts`); the first
/// capture through a new address asks libunwind for the whole stack and learns every address on
/// it. Past a return into code without records (the C library's program or thread start), the
/// frames are libunwind's, remembered per thread and place (`CaptureThreadState.Tail`) and
/// checked against the stack on every use.
enum FramePointerWalk {
    private static let wordSize = UInt(MemoryLayout<UInt>.size)

    /// Writes up to `depth` return addresses, starting with the one in the record `skipping`
    /// records beyond `ownFrame` (the capturing function's record, so the first is the return
    /// into its caller). Returns how many.
    static func capture(
        into buffer: UnsafeMutablePointer<UInt>,
        depth: Int,
        ownFrame: UInt,
        skipping: Int,
        state: UnsafeMutablePointer<CaptureThreadState>
    ) -> Int {
        // The records of the capturing function and of those `skipping` skips are live frames of
        // Swift code: followed without checks.
        var frame = ownFrame
        for _ in 0..<skipping { frame = load(frame) }
        let firstSlot = frame &+ wordSize
        // The stack ends below `high`: a record is two words.
        let limit = state.pointee.stackHigh &- 2 &* wordSize
        guard frame >= state.pointee.stackLow, frame < limit else {
            return unwound(into: buffer, depth: depth, firstSlot: firstSlot, state: state)
        }
        let verdicts = FrameRecordVerdicts.table
        var count = 0
        while true {
            let returnAddress = load(frame &+ wordSize)
            buffer[count] = returnAddress
            count &+= 1
            if count == depth { return count }
            switch FrameRecordVerdicts.verdict(returnAddress, in: verdicts) {
            case .keepsRecord:
                let caller = load(frame)
                // Not a record after all (records move outwards, inside the stack): libunwind decides.
                guard caller > frame, caller < limit else {
                    return unwound(into: buffer, depth: depth, firstSlot: firstSlot, state: state)
                }
                frame = caller
            case .noRecord:
                let slot = frame &+ wordSize
                guard let tail = state.pointee.tail(slot: slot, returnAddress: returnAddress) else {
                    return unwound(into: buffer, depth: depth, firstSlot: firstSlot, state: state)
                }
                let taken = min(tail.pointee.count, depth - count)
                if let addresses = tail.pointee.addresses {
                    (buffer + count).update(from: addresses, count: taken)
                }
                return count + taken
            case .unknown:
                return unwound(into: buffer, depth: depth, firstSlot: firstSlot, state: state)
            }
        }
    }

    /// Reads a word of the stack. `address` is never 0 (the walk checks every record against
    /// the thread's stack bounds), so no check is compiled in: this runs once or twice a frame.
    @inline(__always)
    private static func load(_ address: UInt) -> UInt {
        UnsafePointer<UInt>(bitPattern: address).unsafelyUnwrapped.pointee
    }

    /// libunwind's capture of the same frames: those from the one whose return address was stored
    /// at `firstSlot`. Learns the verdict of every return address on the stack, and remembers
    /// libunwind's frames beyond the first return into code without a record, where the next
    /// walk along this stack will stop.
    @inline(never)
    private static func unwound(
        into buffer: UnsafeMutablePointer<UInt>,
        depth: Int,
        firstSlot: UInt,
        state: UnsafeMutablePointer<CaptureThreadState>
    ) -> Int {
        let addresses = state.pointee.scratchAddresses
        let stackPointers = state.pointee.scratchStackPointers
        let framePointers = state.pointee.scratchFramePointers
        let count = Int(
            rxtrace_unwind(addresses, stackPointers, framePointers, Int32(CaptureThreadState.scratchCapacity))
        )
        state.pointee.libunwindCaptures &+= 1
        // Frame k >= 1's address was the return address stored just below frame k's stack pointer.
        let firstAddress = load(firstSlot)
        guard
            let first = (1..<max(count, 1)).first(where: { stackPointers[$0] &- wordSize == firstSlot })
                ?? (1..<max(count, 1)).first(where: { addresses[$0] == firstAddress })
        else { return 0 }
        // Frame k's function keeps a record at its call out when its fp is where the record would
        // be: just below its return address, whose slot is frame k + 1's stack pointer minus 8.
        // Frame 0 is the unwinder's own.
        var tailStart: Int?
        if count > 2 {
            for frame in 1..<(count - 1) {
                let keepsRecord = framePointers[frame] == stackPointers[frame + 1] &- 2 &* wordSize
                FrameRecordVerdicts.learn(addresses[frame], keepsRecord: keepsRecord)
                if !keepsRecord, frame >= first, tailStart == nil { tailStart = frame }
            }
        }
        // A capture that filled the scratch buffers may have cut the tail short: not remembered.
        if let start = tailStart, count < CaptureThreadState.scratchCapacity {
            state.pointee.rememberTail(
                slot: stackPointers[start] &- wordSize,
                returnAddress: addresses[start],
                from: start + 1,
                count: count
            )
        }
        let taken = max(0, min(depth, count - first))
        buffer.update(from: addresses + first, count: taken)
        return taken
    }
}
#endif
