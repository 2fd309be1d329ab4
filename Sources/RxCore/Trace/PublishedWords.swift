#if TRACE_RESOURCES
import Synchronization

/// A never-freed block of atomic words, all 0 at first, made by the first thread that needs it
/// and published through a word with a constant initial value (`static let … = Atomic<UInt>(0)`):
/// reading it is one load, where a lazily initialised global costs a `swift_once` call on every
/// access (every capture, every stage update).
enum PublishedWords {
    @inline(__always)
    static func block(_ storage: borrowing Atomic<UInt>, count: Int) -> UnsafeMutablePointer<Atomic<UInt>> {
        if let block = UnsafeMutablePointer<Atomic<UInt>>(bitPattern: storage.load(ordering: .acquiring)) {
            return block
        }
        return make(storage, count: count)
    }

    @inline(never)
    private static func make(_ storage: borrowing Atomic<UInt>, count: Int) -> UnsafeMutablePointer<Atomic<UInt>> {
        let block = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: count)
        for index in 0..<count { (block + index).initialize(to: Atomic<UInt>(0)) }
        let (exchanged, original) = storage.compareExchange(
            expected: 0,
            desired: UInt(bitPattern: block),
            ordering: .acquiringAndReleasing
        )
        if exchanged { return block }
        // Another thread published first: ours was never seen by anyone.
        block.deinitialize(count: count)
        block.deallocate()
        return UnsafeMutablePointer<Atomic<UInt>>(bitPattern: original)!
    }
}
#endif
