#if TRACE_RESOURCES
import RxTraceReport
@_spi(Reflection) import Swift

/// Where a value keeps its strong references, worked out once per type from its metadata and
/// its fields' mangled names (ownership never comes from `_forEachField`, which shows a weak
/// field as `Optional<T>` and an unowned one as `T`).
indirect enum ValueShape {
    /// Holds no heap reference (Int, a weak or unowned reference, a metatype…).
    case none
    /// One word: a strong reference (a class, a boxed error, a class-bound existential).
    case reference
    /// Two words: a closure's function pointer, then its context (a strong reference).
    case function
    /// `Array<Element>`: a reference to storage whose elements are read with the holder.
    case array(element: UInt)
    /// Stored fields at fixed offsets (a struct, a tuple).
    case fields([Field])
    /// `Optional<Payload>`: the payload's shape, read only when the tag says it is present.
    case optional(payload: ValueShape, payloadMetadata: UInt)
    /// `any P` that is not class-bound: three words of inline buffer, then its dynamic type.
    case opaqueExistential
    /// Bytes whose layout is unknown (enums with payloads, opaque builtins): scanned word by
    /// word; what looks like a live object there is only a *possible* reference.
    case unknown(size: Int)

    struct Field {
        var offset: Int
        var name: String
        var shape: ValueShape
    }

    var holdsReferences: Bool {
        if case .none = self { return false }
        return true
    }
}

/// Builds and caches `ValueShape`s and class layouts. Not thread-safe: one per graph build.
final class ShapeCache {
    private var shapes: [UInt: ValueShape] = [:]
    private var classLayouts: [UInt: [ValueShape.Field]] = [:]

    /// The shape of a value of type `metadata`.
    func shape(_ metadata: UInt) -> ValueShape {
        if let cached = shapes[metadata] { return cached }
        shapes[metadata] = .unknown(size: 8)  // breaks recursion through indirect types
        let built = build(metadata)
        shapes[metadata] = built
        return built
    }

    private var storageElements: [UInt: UInt?] = [:]

    /// For `_ContiguousArrayStorage<Element>` class metadata: `Element`'s metadata, the class's
    /// generic argument (at metadata word `MetadataPositiveSizeInWords − NumImmediateMembers`
    /// from its class descriptor, measured on Swift 6.3: word 12), else nil.
    func arrayStorageElement(_ metadata: UInt) -> UInt? {
        if let cached = storageElements[metadata] { return cached }
        var element: UInt?
        if RuntimeMetadata.kind(metadata) == .class,
            _typeName(RuntimeMetadata.type(metadata), qualified: true).hasPrefix("Swift._ContiguousArrayStorage<"),
            let descriptor = RuntimeMetadata.descriptor(metadata)
        {
            let flags = RuntimeMetadata.pointer(descriptor).load(as: UInt32.self)
            // Kind-specific flag 13: a resilient superclass, whose bounds are not in the descriptor.
            let resilientSuperclass = (flags >> 16) & (1 << 13) != 0
            let positive = Int(RuntimeMetadata.pointer(descriptor).load(fromByteOffset: 28, as: UInt32.self))
            let immediate = Int(RuntimeMetadata.pointer(descriptor).load(fromByteOffset: 32, as: UInt32.self))
            if !resilientSuperclass, positive > immediate {
                let argument = RuntimeMetadata.word(metadata, (positive - immediate) * 8)
                if argument != 0 { element = argument }
            }
        }
        storageElements[metadata] = .some(element)
        return element
    }

    /// The stored fields of a class instance, superclasses first, with their shapes.
    func classFields(_ metadata: UInt) -> [ValueShape.Field] {
        if let cached = classLayouts[metadata] { return cached }
        var ownership: [String: MangledName] = [:]
        var level: UInt? = metadata
        while let current = level {
            if let descriptor = RuntimeMetadata.descriptor(current) {
                for record in RuntimeMetadata.fieldRecords(descriptor: descriptor) where ownership[record.name] == nil {
                    ownership[record.name] = record.mangledType
                }
            }
            level = RuntimeMetadata.superclass(current)
        }
        var fields: [ValueShape.Field] = []
        _ = _forEachField(of: RuntimeMetadata.type(metadata), options: [.classType, .ignoreUnknown]) {
            name,
            offset,
            type,
            _ in
            let fieldName = String(cString: name)
            if let mangled = ownership[fieldName], mangled.isWeak || mangled.isUnowned { return true }
            let shape = self.shape(unsafeBitCast(type, to: UInt.self))
            if shape.holdsReferences {
                fields.append(.init(offset: offset, name: Self.propertyName(fieldName), shape: shape))
            }
            return true
        }
        classLayouts[metadata] = fields
        return fields
    }

    private func build(_ metadata: UInt) -> ValueShape {
        switch RuntimeMetadata.kind(metadata) {
        case .class, .errorBox:
            return .reference
        case .struct:
            return structShape(metadata)
        case .optional:
            let payload = RuntimeMetadata.word(metadata, 16)
            let payloadShape = shape(payload)
            return payloadShape.holdsReferences ? .optional(payload: payloadShape, payloadMetadata: payload) : .none
        case .tuple:
            let count = Int(RuntimeMetadata.word(metadata, 8))
            // Element labels, space separated ("key value "), when the tuple has them.
            let labelsAddress = RuntimeMetadata.word(metadata, 16)
            let labels =
                labelsAddress == 0
                ? []
                : String(cString: RuntimeMetadata.pointer(labelsAddress).assumingMemoryBound(to: CChar.self))
                    .split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            var fields: [ValueShape.Field] = []
            for index in 0..<count {
                let element = RuntimeMetadata.word(metadata, 24 + index * 16)
                let offset = Int(
                    RuntimeMetadata.pointer(metadata).load(fromByteOffset: 32 + index * 16, as: UInt32.self)
                )
                let elementShape = shape(element)
                let name = index < labels.count && !labels[index].isEmpty ? labels[index] : "\(index)"
                if elementShape.holdsReferences {
                    fields.append(.init(offset: offset, name: name, shape: elementShape))
                }
            }
            return fields.isEmpty ? .none : .fields(fields)
        case .function:
            // Convention in bits 16–23 of the flags: 0 is a thick Swift closure.
            let flags = RuntimeMetadata.word(metadata, 8)
            return (flags >> 16) & 0xFF == 0 ? .function : .none
        case .existential:
            let flags = RuntimeMetadata.pointer(metadata).load(fromByteOffset: 8, as: UInt32.self)
            let classBound = flags & 0x8000_0000 == 0
            let specialProtocol = (flags >> 24) & 0x3F
            if classBound || specialProtocol == 1 { return .reference }  // `AnyObject`, `any Error`
            return .opaqueExistential
        case .enum:
            let size = RuntimeMetadata.valueLayout(metadata).size
            return size >= 8 ? .unknown(size: size) : .none
        case .opaque:
            // Builtin.NativeObject and friends: one word that may be a reference.
            return RuntimeMetadata.valueLayout(metadata).size == 8 ? .unknown(size: 8) : .none
        default:
            return .none
        }
    }

    private func structShape(_ metadata: UInt) -> ValueShape {
        let type = RuntimeMetadata.type(metadata)
        let name = _typeName(type, qualified: true)
        if name.hasPrefix("Swift.Array<") || name.hasPrefix("Swift.ContiguousArray<") {
            return .array(element: RuntimeMetadata.word(metadata, 16))
        }
        // Strings hold immutable character storage, never a user object.
        if name == "Swift.String" || name == "Swift.Substring" || name == "Swift.Character" { return .none }
        var ownership: [String: MangledName] = [:]
        if let descriptor = RuntimeMetadata.descriptor(metadata) {
            for record in RuntimeMetadata.fieldRecords(descriptor: descriptor) {
                ownership[record.name] = record.mangledType
            }
        }
        var fields: [ValueShape.Field] = []
        var complete = true
        let visited = _forEachField(of: type, options: [.ignoreUnknown]) { fieldName, offset, fieldType, _ in
            let name = String(cString: fieldName)
            if let mangled = ownership[name], mangled.isWeak || mangled.isUnowned { return true }
            let fieldShape = self.shape(unsafeBitCast(fieldType, to: UInt.self))
            if fieldShape.holdsReferences {
                fields.append(.init(offset: offset, name: Self.propertyName(name), shape: fieldShape))
            }
            return true
        }
        if !visited { complete = false }
        if !complete {
            let size = RuntimeMetadata.valueLayout(metadata).size
            return size >= 8 ? .unknown(size: size) : .none
        }
        return fields.isEmpty ? .none : .fields(fields)
    }

    /// The property a stored field holds, as the user wrote it: `lazy var loading` is stored as
    /// `$__lazy_storage_$_loading`.
    static func propertyName(_ field: String) -> String {
        let lazyStorage = "$__lazy_storage_$_"
        return field.hasPrefix(lazyStorage) ? String(field.dropFirst(lazyStorage.count)) : field
    }
}
#endif
