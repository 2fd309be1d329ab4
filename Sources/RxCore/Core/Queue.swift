/// A first-in first-out buffer on a growable ring, so that `dequeue` is O(1) (an `Array` with
/// `removeFirst` would shift every element). Used by operators that hold elements back, such as
/// `zip` and `merge(maxConcurrent:)`.
///
/// Inlinable, so that `zip`'s closures written in the client (`ZipN.make`) use it specialised:
/// in RxCore's unspecialised code each use looked up the metadata of `[Element?]`.
@usableFromInline
struct Queue<Element> {
    @usableFromInline var storage: [Element?]
    @usableFromInline var head = 0
    @usableFromInline private(set) var count = 0

    @inlinable init(capacity: Int = 0) {
        storage = [Element?](repeating: nil, count: Swift.max(capacity, 0))
    }

    @inlinable var isEmpty: Bool { count == 0 }

    /// The element `dequeue` would return, without removing it.
    func peek() -> Element? {
        isEmpty ? nil : storage[head]
    }

    @inlinable mutating func enqueue(_ element: Element) {
        if count == storage.count {
            grow()
        }
        storage[(head + count) % storage.count] = element
        count += 1
    }

    @inlinable mutating func dequeue() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        storage[head] = nil
        head = (head + 1) % storage.count
        count -= 1
        return element
    }

    mutating func removeAll() {
        storage = []
        head = 0
        count = 0
    }

    @usableFromInline mutating func grow() {
        let newCapacity = Swift.max(storage.count * 2, 4)
        var newStorage = [Element?](repeating: nil, count: newCapacity)
        for offset in 0..<count {
            newStorage[offset] = storage[(head + offset) % storage.count]
        }
        storage = newStorage
        head = 0
    }
}

extension Queue: Sequence {
    /// Iterates from the oldest element to the newest without removing anything.
    @usableFromInline func makeIterator() -> AnyIterator<Element> {
        var offset = 0
        return AnyIterator {
            guard offset < self.count else { return nil }
            defer { offset += 1 }
            return self.storage[(self.head + offset) % self.storage.count]
        }
    }
}
