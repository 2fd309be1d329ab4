/// The key of an item in a `Bag`; unique within the bag.
@usableFromInline
struct BagKey: Hashable {
    @usableFromInline let rawValue: UInt64

    @inlinable init(rawValue: UInt64) { self.rawValue = rawValue }
}

/// An insertion-ordered collection optimised for the common cases of Rx: zero, one or a few
/// observers. Not thread safe: owners guard it with their lock. Inlinable (as are the subjects'
/// paths over it), so a client specialises it for its element types (docs/performance.md).
@usableFromInline
struct Bag<T> {
    typealias KeyType = BagKey

    @usableFromInline var nextKey: UInt64 = 0
    @usableFromInline var single: (key: BagKey, value: T)?
    @usableFromInline var pairs: [(key: BagKey, value: T)] = []

    @inlinable init() {}

    @discardableResult @inlinable
    mutating func insert(_ element: T) -> BagKey {
        let key = BagKey(rawValue: nextKey)
        nextKey &+= 1
        if single == nil && pairs.isEmpty {
            single = (key, element)
        } else {
            pairs.append((key, element))
        }
        return key
    }

    @inlinable var count: Int { (single == nil ? 0 : 1) + pairs.count }

    @inlinable mutating func removeAll() {
        single = nil
        pairs.removeAll(keepingCapacity: false)
    }

    @discardableResult @inlinable
    mutating func removeKey(_ key: BagKey) -> T? {
        if let first = single, first.key == key {
            single = nil
            return first.value
        }
        if let index = pairs.firstIndex(where: { $0.key == key }) {
            return pairs.remove(at: index).value
        }
        return nil
    }

    /// Elements in insertion order.
    var values: [T] {
        var result: [T] = []
        result.reserveCapacity(count)
        // The single slot is only used while the bag holds one element, so it is always oldest.
        if let first = single { result.append(first.value) }
        for pair in pairs { result.append(pair.value) }
        return result
    }

    @inlinable func forEach(_ action: (T) -> Void) {
        if let first = single { action(first.value) }
        for pair in pairs { action(pair.value) }
    }
}

/// Sends `event` to every observer of a bag snapshot.
func dispatch<Element>(_ bag: Bag<(Event<Element>) -> Void>, _ event: Event<Element>) {
    bag.forEach { $0(event) }
}

/// Disposes every disposable of a bag snapshot.
func disposeAll(in bag: Bag<Disposable>) {
    bag.forEach { $0.dispose() }
}
