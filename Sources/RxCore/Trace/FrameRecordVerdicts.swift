#if TRACE_RESOURCES && canImport(CUnwind) && os(Linux) && arch(x86_64)
import Synchronization

/// Which return addresses lead to a function that keeps a frame record at that call, learned
/// from libunwind, for the frame-pointer walk.
///
/// The walk may follow the saved fp in the record holding return address R only if R's function
/// set up its own record before that call. Swift code built by SwiftPM does in every function that
/// calls another, but not all code does: the C library, and even thunks in the toolchain's own
/// libswiftDispatch and libXCTest (`push r13; call *…; pop r13; ret`) keep something else in the
/// register. So each distinct return address is looked at once, by libunwind, and its verdict
/// kept here: R is followable when libunwind's fp for R's frame is exactly that frame's canonical
/// address minus 16 (where its record would be).
///
/// A fixed open-addressed table of atomic words (address with two flag bits), read without a
/// lock. When it is full, new addresses stay unknown, and captures through them use libunwind.
enum FrameRecordVerdicts {
    enum Verdict {
        case unknown
        case keepsRecord
        case noRecord
    }

    private static let known: UInt = 1 << 62
    private static let withoutRecord: UInt = 1 << 63
    private static let flags = known | withoutRecord
    private static let bits = 14
    private static let capacity = 1 << bits
    private static let maximumProbes = 16

    /// The table's address (0 until the first capture), published once (`PublishedWords`): no
    /// `swift_once` call per capture, as a lazily initialised global costs.
    private static let published = Atomic<UInt>(0)

    @inline(__always)
    private static var slots: UnsafeMutablePointer<Atomic<UInt>> {
        PublishedWords.block(published, count: capacity)
    }

    @inline(__always)
    private static func home(_ address: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    @inline(__always)
    static func verdict(_ address: UInt, in slots: UnsafeMutablePointer<Atomic<UInt>>) -> Verdict {
        var index = home(address)
        for _ in 0..<maximumProbes {
            let word = slots[index].load(ordering: .relaxed)
            if word == 0 { return .unknown }
            if word & ~flags == address { return word & withoutRecord == 0 ? .keepsRecord : .noRecord }
            index = (index + 1) & (capacity - 1)
        }
        return .unknown
    }

    /// The table, for a walk to read without going through the global's accessor each frame.
    @inline(__always)
    static var table: UnsafeMutablePointer<Atomic<UInt>> { slots }

    /// Records what libunwind showed about `address` (user-space addresses leave the top bits free).
    static func learn(_ address: UInt, keepsRecord: Bool) {
        guard address != 0, address & flags == 0 else { return }
        let word = address | known | (keepsRecord ? 0 : withoutRecord)
        let slots = slots
        var index = home(address)
        for _ in 0..<maximumProbes {
            let current = slots[index].load(ordering: .relaxed)
            if current & ~flags == address { return }
            if current == 0 {
                if slots[index].compareExchange(expected: 0, desired: word, ordering: .relaxed).exchanged { return }
                if slots[index].load(ordering: .relaxed) & ~flags == address { return }
            }
            index = (index + 1) & (capacity - 1)
        }
    }
}
#endif
