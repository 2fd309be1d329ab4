/// A growable buffer of bare elements whose storage is untyped: every operation is told the
/// element type, and the buffer itself is an ordinary non-generic struct.
///
/// Why not `[Element]`: in RxCore's unspecialised code (what a package depending on rxtrace by
/// version runs) `Array<Element>.append` is a call into the standard library that takes the
/// metadata of `Array<Element>`, looked up at run time on every call (about 330 instructions, a
/// third of an `observe(on:)` element). Here an element costs its own value witness only, and a
/// struct with no generic parameter can sit inside a lock (`InlineLocked`) with no look-up either.
///
/// Non-copyable, so that one storage has one owner. Its owner passes the same `Element` type to
/// every call and empties it with `removeAll(as:)` before letting it go: the buffer frees its
/// storage when it ends, but cannot destroy elements whose type it does not know.
struct ElementBuffer: ~Copyable {
    private var storage: UnsafeMutableRawPointer?
    private var capacity = 0
    private(set) var count = 0

    init() {}

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func append<Element>(_ element: Element, as _: Element.Type = Element.self) {
        if count == capacity { grow(Element.self) }
        (storage.unsafelyUnwrapped + count &* MemoryLayout<Element>.stride).initializeMemory(
            as: Element.self,
            to: element
        )
        count &+= 1
    }

    /// A copy of the element at `index`, which must be below `count`.
    @inline(__always)
    func element<Element>(at index: Int, as _: Element.Type) -> Element {
        (storage.unsafelyUnwrapped + index &* MemoryLayout<Element>.stride).assumingMemoryBound(to: Element.self)
            .pointee
    }

    /// Destroys the elements and keeps the storage for the next ones.
    mutating func removeAll<Element>(as _: Element.Type) {
        guard count > 0, let storage else { return }
        storage.assumingMemoryBound(to: Element.self).deinitialize(count: count)
        count = 0
    }

    private mutating func grow<Element>(_: Element.Type) {
        let newCapacity = Swift.max(capacity &* 2, 16)
        let newStorage = UnsafeMutableRawPointer.allocate(
            byteCount: newCapacity &* MemoryLayout<Element>.stride,
            alignment: MemoryLayout<Element>.alignment
        )
        if let storage {
            newStorage.moveInitializeMemory(
                as: Element.self,
                from: storage.assumingMemoryBound(to: Element.self),
                count: count
            )
            storage.deallocate()
        }
        storage = newStorage
        capacity = newCapacity
    }

    deinit {
        storage?.deallocate()
    }
}
