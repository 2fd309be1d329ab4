#if TRACE_RESOURCES
import CRxHeapGraph
import RxTraceReport

/// The captures of a closure context (metadata kind 0x400) as its capture descriptor lists
/// them: bindings (generic metadata and witness tables) first, then each capture in order,
/// naturally aligned.
///
/// A capture's type is never resolved by the runtime when its name may mention a generic
/// parameter: `swift_getTypeByMangledNameInContext` crashes on those without a context. A lone
/// generic parameter takes its metadata from the binding its metadata source names; anything
/// else that cannot be decoded ends the layout, and the rest is only scanned for *possible*
/// references.
struct CaptureLayout {
    enum Slot {
        /// A capture whose shape is known statically.
        case fixed(ValueShape, size: Int, alignMask: Int, label: String)
        /// A capture of a lone generic parameter whose metadata is binding `binding`.
        case generic(binding: Int, label: String)
    }

    var firstCapture: Int
    var bindings: Int
    var slots: [Slot]
    /// True when a capture could not be decoded and the slots stop before it.
    var truncated: Bool

    init(metadata: UInt, shapes: ShapeCache) {
        firstCapture = Int(RuntimeMetadata.pointer(metadata).load(fromByteOffset: 8, as: UInt32.self))
        slots = []
        truncated = false
        let descriptor = RuntimeMetadata.word(metadata, 16)
        guard descriptor != 0 else {
            bindings = 0
            truncated = true
            return
        }
        let base = RuntimeMetadata.pointer(descriptor)
        let captureCount = Int(base.load(fromByteOffset: 0, as: UInt32.self))
        let sourceCount = Int(base.load(fromByteOffset: 4, as: UInt32.self))
        bindings = Int(base.load(fromByteOffset: 8, as: UInt32.self))
        // Metadata sources: which binding holds each generic parameter ("x" ← "B0_").
        var bindingOfParameter: [String: Int] = [:]
        let sources = descriptor + 12 + UInt(captureCount * 4)
        for index in 0..<sourceCount {
            let record = sources + UInt(index * 8)
            guard let typeName = RuntimeMetadata.relative(record), let sourceName = RuntimeMetadata.relative(record + 4)
            else { continue }
            let parameter = MangledName(at: typeName).loneParameter
            let source = MangledName(at: sourceName).bytes
            // "B0", "B1_": the n-th binding.
            let digits = source.dropFirst().prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            if let parameter, source.first == UInt8(ascii: "B"),
                let binding = Int(String(decoding: digits, as: UTF8.self))
            {
                bindingOfParameter[parameter] = binding
            }
        }
        for index in 0..<captureCount {
            let label = "capture #\(index + 1)"
            guard let nameAddress = RuntimeMetadata.relative(descriptor + 12 + UInt(index * 4)) else {
                truncated = true
                return
            }
            let name = MangledName(at: nameAddress)
            if name.isWeak || name.isUnowned {
                slots.append(.fixed(.none, size: 8, alignMask: 7, label: label))
            } else if name.isBox {
                slots.append(.fixed(.reference, size: 8, alignMask: 7, label: label))
            } else if name.isFunction {
                slots.append(.fixed(.function, size: 16, alignMask: 7, label: label))
            } else if name.isClassReference {
                slots.append(.fixed(.reference, size: 8, alignMask: 7, label: label))
            } else if let parameter = name.loneParameter {
                guard let binding = bindingOfParameter[parameter] else {
                    truncated = true
                    return
                }
                slots.append(.generic(binding: binding, label: label))
            } else if !name.mayBeGeneric, let metadata = Self.resolve(name) {
                let layout = RuntimeMetadata.valueLayout(metadata)
                slots.append(
                    .fixed(shapes.shape(metadata), size: layout.size, alignMask: layout.alignMask, label: label)
                )
            } else if name.isArray {
                // `[BehaviorRelay<Element>]` in a generic closure: whatever the element, one word,
                // a strong reference to the array's storage, which is read on its own.
                slots.append(.fixed(.reference, size: 8, alignMask: 7, label: label))
            } else {
                truncated = true
                return
            }
        }
    }

    private static func resolve(_ name: MangledName) -> UInt? {
        guard name.address != 0, name.length > 0,
            let type = rxheap_type_by_mangled_name(
                RuntimeMetadata.pointer(name.address).assumingMemoryBound(to: CChar.self),
                name.length
            )
        else { return nil }
        return UInt(bitPattern: type)
    }
}
#endif
