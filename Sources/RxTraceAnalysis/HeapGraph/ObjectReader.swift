#if TRACE_RESOURCES
import CRxHeapGraph
import RxTraceReport

/// Reads one live object's references from a copy of its bytes (taken under the allocation
/// table's lock) following its type's shape: class fields, closure captures, box contents,
/// array elements, optionals whose tag says present, existentials' dynamic types. Weak and
/// unowned references are never edges. Bytes of unknown layout only give *possible* edges,
/// and only to addresses that are live objects.
final class ObjectReader {
    private let index: [UInt: Int32]
    private let sizes: [UInt: Int]
    private let shapes = ShapeCache()
    private var captureLayouts: [UInt: CaptureLayout] = [:]
    /// Array storage objects whose elements were read with their holder (`disposables[0]`).
    private var storagesRead = Set<UInt>()
    /// Objects larger than this are read only up to it.
    static let maximumCopy = 1 << 20
    /// Array elements read per array.
    static let maximumElements = 100_000

    init(index: [UInt: Int32], objects: [AllocationTable.Entry]) {
        self.index = index
        var sizes: [UInt: Int] = [:]
        sizes.reserveCapacity(objects.count)
        for object in objects { sizes[object.address] = object.size }
        self.sizes = sizes
    }

    func edges(of entry: AllocationTable.Entry) -> [HeapGraph.Edge] {
        let length = min(entry.size, Self.maximumCopy)
        guard length >= 16 else { return [] }
        let copy = UnsafeMutableRawPointer.allocate(byteCount: length, alignment: 16)
        defer { copy.deallocate() }
        guard AllocationTable.copy(entry, length: length, into: copy) else { return [] }
        var out: [HeapGraph.Edge] = []
        let bytes = UnsafeRawBufferPointer(start: copy, count: length)
        switch RuntimeMetadata.kind(entry.metadata) {
        case .class:
            for field in shapes.classFields(entry.metadata) {
                visit(field.shape, bytes, field.offset, field.name, &out)
            }
        case .closureContext:
            readCaptures(entry.metadata, bytes, &out)
        case .genericBox:
            let offset = Int(RuntimeMetadata.pointer(entry.metadata).load(fromByteOffset: 8, as: UInt32.self))
            let boxed = RuntimeMetadata.word(entry.metadata, 16)
            if boxed != 0 { visit(shapes.shape(boxed), bytes, offset, "value", &out) }
        default:
            scan(bytes, from: 16, to: length, "word", &out)
        }
        return out
    }

    private func readCaptures(_ metadata: UInt, _ bytes: UnsafeRawBufferPointer, _ out: inout [HeapGraph.Edge]) {
        let layout: CaptureLayout
        if let cached = captureLayouts[metadata] {
            layout = cached
        } else {
            layout = CaptureLayout(metadata: metadata, shapes: shapes)
            captureLayouts[metadata] = layout
        }
        var offset = layout.firstCapture + layout.bindings * 8
        for slot in layout.slots {
            let shape: ValueShape
            let size: Int
            let alignMask: Int
            let label: String
            switch slot {
            case .fixed(let s, let z, let a, let l):
                (shape, size, alignMask, label) = (s, z, a, l)
            case .generic(let binding, let l):
                let at = layout.firstCapture + binding * 8
                guard at + 8 <= bytes.count else { return }
                let bound = bytes.load(fromByteOffset: at, as: UInt.self)
                guard bound != 0 else { return }
                let valueLayout = RuntimeMetadata.valueLayout(bound)
                (shape, size, alignMask, label) = (shapes.shape(bound), valueLayout.size, valueLayout.alignMask, l)
            }
            offset = (offset + alignMask) & ~alignMask
            guard offset + size <= bytes.count else { return }
            visit(shape, bytes, offset, label, &out)
            offset += size
        }
        if layout.truncated { scan(bytes, from: offset, to: bytes.count, "capture", &out) }
    }

    private func visit(
        _ shape: ValueShape,
        _ bytes: UnsafeRawBufferPointer,
        _ offset: Int,
        _ label: String,
        _ out: inout [HeapGraph.Edge]
    ) {
        switch shape {
        case .none:
            return
        case .reference:
            guard offset + 8 <= bytes.count else { return }
            strong(bytes.load(fromByteOffset: offset, as: UInt.self), label, 0, &out)
        case .function:
            guard offset + 16 <= bytes.count else { return }
            let function = bytes.load(fromByteOffset: offset, as: UInt.self)
            strong(bytes.load(fromByteOffset: offset + 8, as: UInt.self), label, function, &out)
        case .array(let element):
            guard offset + 8 <= bytes.count else { return }
            readArray(storage: bytes.load(fromByteOffset: offset, as: UInt.self), element: element, label, &out)
        case .fields(let fields):
            for field in fields {
                visit(field.shape, bytes, offset + field.offset, label + "." + field.name, &out)
            }
        case .optional(let payload, let payloadMetadata):
            let size = RuntimeMetadata.valueLayout(payloadMetadata).size
            guard offset + size <= bytes.count, let base = bytes.baseAddress else { return }
            if rxheap_enum_tag_single_payload(base + offset, 1, UnsafeRawPointer(bitPattern: payloadMetadata)) == 0 {
                visit(payload, bytes, offset, label, &out)
            }
        case .opaqueExistential:
            guard offset + 32 <= bytes.count else { return }
            let dynamicType = bytes.load(fromByteOffset: offset + 24, as: UInt.self)
            guard dynamicType != 0 else { return }
            let witnesses = RuntimeMetadata.word(dynamicType, -8)
            let flags = RuntimeMetadata.pointer(witnesses).load(fromByteOffset: 80, as: UInt32.self)
            let inline = flags & 0x0002_0000 == 0 && RuntimeMetadata.valueLayout(dynamicType).size <= 24
            if inline {
                visit(shapes.shape(dynamicType), bytes, offset, label, &out)
            } else {
                strong(bytes.load(fromByteOffset: offset, as: UInt.self), label, 0, &out)
            }
        case .unknown(let size):
            scan(bytes, from: offset, to: min(bytes.count, offset + size), label, &out)
        }
    }

    /// Reads `[Element]` storage held by the object being read: its elements become the
    /// holder's edges (`disposables[0]`), read from a checked copy of the storage.
    private func readArray(storage: UInt, element: UInt, _ label: String, _ out: inout [HeapGraph.Edge]) {
        storagesRead.insert(storage)
        let elementShape = shapes.shape(element)
        guard elementShape.holdsReferences, index[storage] != nil, let metadata = AllocationTable.liveMetadata(storage),
            let size = sizes[storage]
        else { return }
        let entry = AllocationTable.Entry(address: storage, metadata: metadata, size: size)
        let layout = RuntimeMetadata.valueLayout(element)
        let stride = max(1, (layout.size + layout.alignMask) & ~layout.alignMask)
        let start = (32 + layout.alignMask) & ~layout.alignMask
        var length = min(size, Self.maximumCopy)
        guard length >= 32 else { return }
        var copy = UnsafeMutableRawPointer.allocate(byteCount: length, alignment: 16)
        defer { copy.deallocate() }
        guard AllocationTable.copy(entry, length: length, into: copy) else { return }
        let count = copy.load(fromByteOffset: 16, as: Int.self)
        guard count > 0 else { return }
        // Elements past the size the allocation asked for sit in the slack of its malloc block,
        // which the runtime counts as capacity: copy that far (the table checks the block's end).
        let needed = min(start + min(count, Self.maximumElements) * stride, Self.maximumCopy)
        if needed > length {
            let larger = UnsafeMutableRawPointer.allocate(byteCount: needed, alignment: 16)
            if AllocationTable.copy(entry, length: needed, into: larger) {
                copy.deallocate()
                copy = larger
                length = needed
            } else {
                larger.deallocate()
            }
        }
        let bytes = UnsafeRawBufferPointer(start: copy, count: length)
        for i in 0..<min(count, Self.maximumElements) {
            let at = start + i * stride
            guard at + layout.size <= length else { break }
            visit(elementShape, bytes, at, "\(label)[\(i)]", &out)
        }
    }

    /// The elements of an array storage object (`_ContiguousArrayStorage<Element>`) that no
    /// holder's field read (`edges(of:)` of every object first): held through a reference whose
    /// array type a generic closure's capture does not spell out (`[BehaviorRelay<Element>]`), or
    /// found by a word scan. The element type is the storage class's generic argument (for
    /// class elements the runtime uses `_ContiguousArrayStorage<AnyObject>`: strong references).
    /// Nil for any other object, or storage already read with its holder.
    func elementsOfUnreadStorage(_ entry: AllocationTable.Entry) -> [HeapGraph.Edge]? {
        guard !storagesRead.contains(entry.address), let element = shapes.arrayStorageElement(entry.metadata) else {
            return nil
        }
        var out: [HeapGraph.Edge] = []
        readArray(storage: entry.address, element: element, "", &out)
        return out
    }

    private func strong(_ address: UInt, _ label: String, _ function: UInt, _ out: inout [HeapGraph.Edge]) {
        guard let target = index[address] else { return }
        out.append(.init(target: target, label: label, function: function, possible: false))
    }

    private func scan(
        _ bytes: UnsafeRawBufferPointer,
        from: Int,
        to: Int,
        _ label: String,
        _ out: inout [HeapGraph.Edge]
    ) {
        var offset = (from + 7) & ~7
        while offset + 8 <= to {
            if let target = index[bytes.load(fromByteOffset: offset, as: UInt.self)] {
                out.append(.init(target: target, label: "\(label)+\(offset - from)", function: 0, possible: true))
            }
            offset += 8
        }
    }
}
#endif
