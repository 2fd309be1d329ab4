#if TRACE_RESOURCES
import CRxHeapGraph
import RxTraceReport

/// An object allocated and released to check that releases reach the table.
private final class FreeProbe {
    nonisolated(unsafe) static var current: FreeProbe?
}

/// The Swift heap objects allocated since `install()` and not yet freed, from the C table fed
/// by the runtime's allocation hook and emptied through the loaded images' `free` imports, which
/// the first `install()` redirects (nothing defines `free`: a process that never installs frees
/// through libc alone).
///
/// Reading an object goes through `copy`, which checks under the table's lock that the object
/// is still live and still has the metadata it was allocated with, so the graph never reads
/// memory it cannot prove belongs to a live object, even while other threads free.
package enum AllocationTable {
    /// One live allocation.
    struct Entry {
        var address: UInt
        var metadata: UInt
        var size: Int
        /// The recording it was allocated in (`generation` then): what a scenario's pass or a
        /// test's run created, told apart from what an earlier one did.
        var generation: UInt32 = 0
    }

    /// Starts recording allocations (idempotent). Objects allocated earlier are not in the table.
    /// Does nothing on a runtime the hooks were not measured on (`HeapGraphGate`): the table
    /// then stays empty, `isExact` is false and no heap graph is built.
    package static func install() {
        guard HeapGraphGate.current.installsHooks else { return }
        _ = rxheap_install()
    }

    /// Stops recording (the table stays exact: frees keep removing entries).
    package static func uninstall() {
        rxheap_uninstall()
    }

    static var isInstalled: Bool { rxheap_is_installed() != 0 }

    /// The current recording: raised by one each time `install()` finds the hook uninstalled (a
    /// scenario installs it once per pass, a test once per run), so the objects of each pass
    /// carry their own generation. Allocations made while uninstalled are not recorded at all.
    package static var generation: UInt32 { rxheap_generation() }

    /// Whether the table is exact: the runtime's frees reach the table. Checked by allocating an
    /// object and releasing it, so the free goes through libswiftCore's own call, the one that
    /// matters. When it does not (a runtime linked without a `free` import to redirect), entries
    /// may be stale and the graph must not be built. Under a sanitizer the gate keeps the hooks
    /// out before this is asked.
    static var isExact: Bool {
        let wasInstalled = isInstalled
        install()
        defer { if !wasInstalled { uninstall() } }
        // Kept in a static so the optimiser cannot put it on the stack.
        FreeProbe.current = FreeProbe()
        let address = UInt(bitPattern: Unmanaged.passUnretained(FreeProbe.current!).toOpaque())
        guard liveMetadata(address) != nil else { return false }
        FreeProbe.current = nil
        return liveMetadata(address) == nil
    }

    static var count: Int { Int(rxheap_count()) }

    /// Allocations recorded since install (for the hook-cost benchmark).
    static var recordedAllocations: UInt64 { rxheap_recorded_allocations() }

    /// The live entries, in no particular order.
    static func snapshot() -> [Entry] {
        var capacity = count + 1024
        while true {
            var addresses = [UInt](repeating: 0, count: capacity)
            var metadata = [UInt](repeating: 0, count: capacity)
            var sizes = [UInt32](repeating: 0, count: capacity)
            var generations = [UInt32](repeating: 0, count: capacity)
            let n = addresses.withUnsafeMutableBufferPointer { a in
                metadata.withUnsafeMutableBufferPointer { m in
                    sizes.withUnsafeMutableBufferPointer { s in
                        generations.withUnsafeMutableBufferPointer { g in
                            rxheap_snapshot(a.baseAddress, m.baseAddress, s.baseAddress, g.baseAddress, capacity)
                        }
                    }
                }
            }
            if n < capacity {
                return (0..<n).map {
                    Entry(
                        address: addresses[$0],
                        metadata: metadata[$0],
                        size: Int(sizes[$0]),
                        generation: generations[$0]
                    )
                }
            }
            capacity *= 2
        }
    }

    /// Copies the first `length` bytes of a live object into `buffer`; false when the object
    /// was freed (or its memory reused) since the snapshot.
    static func copy(_ entry: Entry, length: Int, into buffer: UnsafeMutableRawPointer) -> Bool {
        rxheap_copy_object(entry.address, entry.metadata, buffer, length) != 0
    }

    /// The recorded metadata of a live object at `address`, or nil.
    static func liveMetadata(_ address: UInt) -> UInt? {
        let metadata = rxheap_live_metadata(address)
        return metadata == 0 ? nil : metadata
    }
}
#endif
