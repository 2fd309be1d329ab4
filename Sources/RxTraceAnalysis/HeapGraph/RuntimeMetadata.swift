#if TRACE_RESOURCES
import RxTraceReport
/// Reads the Swift runtime's type metadata (Linux x86_64/arm64 layouts, Swift 5+ ABI). Type
/// metadata and descriptors are never freed, so reading them is always safe once a live
/// object's first word has been checked against the allocation table.
enum RuntimeMetadata {
    /// The metadata kinds the heap graph distinguishes (`MetadataKind` in the runtime).
    enum Kind: Equatable {
        case `class`, `struct`, `enum`, optional, opaque, tuple, function, existential
        case metatype, closureContext, genericBox, errorBox
        case other(UInt)

        init(_ raw: UInt) {
            switch raw {
            case 0: self = .class
            case 0x200: self = .struct
            case 0x201: self = .enum
            case 0x202: self = .optional
            case 0x300: self = .opaque
            case 0x301: self = .tuple
            case 0x302: self = .function
            case 0x303: self = .existential
            case 0x304, 0x306: self = .metatype
            case 0x400: self = .closureContext
            case 0x500: self = .genericBox
            case 0x501: self = .errorBox
            default: self = raw > 0x7FF ? .class : .other(raw)
            }
        }
    }

    static func pointer(_ address: UInt) -> UnsafeRawPointer { UnsafeRawPointer(bitPattern: address)! }

    static func word(_ address: UInt, _ offset: Int) -> UInt {
        pointer(address).load(fromByteOffset: offset, as: UInt.self)
    }

    static func kind(_ metadata: UInt) -> Kind { Kind(word(metadata, 0)) }

    /// Follows a 32-bit relative pointer stored at `address`; nil when it is 0.
    static func relative(_ address: UInt) -> UInt? {
        let offset = pointer(address).loadUnaligned(as: Int32.self)
        guard offset != 0 else { return nil }
        return UInt(bitPattern: Int(bitPattern: address) &+ Int(offset))
    }

    static func type(_ metadata: UInt) -> Any.Type {
        unsafeBitCast(pointer(metadata), to: Any.Type.self)
    }

    /// Size, alignment mask and stride from the value witness table (one word before the metadata).
    static func valueLayout(_ metadata: UInt) -> (size: Int, alignMask: Int) {
        let witnesses = word(metadata, -8)
        let size = Int(word(witnesses, 64))
        let flags = pointer(witnesses).load(fromByteOffset: 80, as: UInt32.self)
        return (size, Int(flags & 0xFF))
    }

    /// A class's superclass metadata, nil at the root.
    static func superclass(_ metadata: UInt) -> UInt? {
        let superclass = word(metadata, 8)
        return superclass == 0 ? nil : superclass
    }

    /// The nominal type descriptor of a class (metadata +40) or struct/enum (+8).
    static func descriptor(_ metadata: UInt) -> UInt? {
        switch kind(metadata) {
        case .class: return nonZero(word(metadata, 40))
        case .struct, .enum, .optional: return nonZero(word(metadata, 8))
        default: return nil
        }
    }

    /// The stored fields a type descriptor declares (this level only, not superclasses): names
    /// with their mangled types, from the field descriptor's 12-byte records.
    static func fieldRecords(descriptor: UInt) -> [(name: String, mangledType: MangledName)] {
        guard let fields = relative(descriptor + 16) else { return [] }
        let recordSize = Int(pointer(fields).load(fromByteOffset: 10, as: UInt16.self))
        let count = Int(pointer(fields).load(fromByteOffset: 12, as: UInt32.self))
        guard recordSize >= 12 else { return [] }
        return (0..<count).compactMap { index in
            let record = fields + 16 + UInt(index * recordSize)
            guard let name = relative(record + 8) else { return nil }
            let type = relative(record + 4).map(MangledName.init(at:)) ?? MangledName(bytes: [], symbolicOnly: false)
            return (String(cString: pointer(name).assumingMemoryBound(to: CChar.self)), type)
        }
    }

    private static func nonZero(_ value: UInt) -> UInt? { value == 0 ? nil : value }
}

/// A mangled type name as stored in reflection metadata: its bytes with symbolic references
/// (bytes 0x01–0x17 followed by 4 bytes, 0x18–0x1F followed by 8) replaced by a marker, enough
/// to tell ownership, boxes and function types apart without asking the runtime.
struct MangledName {
    /// The name's bytes with each symbolic reference replaced by 0x01.
    var bytes: [UInt8]
    /// The name is one symbolic reference and nothing else.
    var symbolicOnly: Bool
    /// The address of the name in memory (for resolving it), when read from memory.
    var address: UInt = 0
    /// The length of the name in memory, symbolic references included.
    var length: Int = 0
    /// The first symbolic reference's target (a context descriptor for 0x01), if any.
    var firstSymbolicTarget: UInt?

    init(bytes: [UInt8], symbolicOnly: Bool) {
        self.bytes = bytes
        self.symbolicOnly = symbolicOnly
    }

    init(at address: UInt) {
        var bytes: [UInt8] = []
        var offset = 0
        var symbolicCount = 0
        var target: UInt?
        let base = RuntimeMetadata.pointer(address)
        while true {
            let byte = base.load(fromByteOffset: offset, as: UInt8.self)
            if byte == 0 { break }
            if (0x01...0x17).contains(byte) {
                if target == nil, byte == 0x01 { target = RuntimeMetadata.relative(address + UInt(offset) + 1) }
                bytes.append(0x01)
                symbolicCount += 1
                offset += 5
            } else if (0x18...0x1F).contains(byte) {
                bytes.append(0x01)
                symbolicCount += 1
                offset += 9
            } else {
                bytes.append(byte)
                offset += 1
            }
        }
        self.bytes = bytes
        self.symbolicOnly = symbolicCount == 1 && bytes.count == 1
        self.address = address
        self.length = offset
        self.firstSymbolicTarget = target
    }

    private func hasSuffix(_ suffix: String) -> Bool {
        let s = Array(suffix.utf8)
        return bytes.count >= s.count && Array(bytes.suffix(s.count)) == s
    }

    /// `weak` (`Xw`): the word points to a side table, never a strong reference.
    var isWeak: Bool { hasSuffix("Xw") }
    /// `unowned` (`Xo`) or `unowned(unsafe)` (`Xu`): a plain pointer that does not keep its target.
    var isUnowned: Bool { hasSuffix("Xo") || hasSuffix("Xu") }
    /// A SIL box for a captured `var` (`…z_Xx`, generic `…z_x_lXX`): one strong reference to the box.
    var isBox: Bool { hasSuffix("Xx") || hasSuffix("XX") }
    /// A SIL function type (`…I…_`, e.g. `SiSgIegy_`), or an optional one (`…_Sg`): a thick
    /// closure, function then context (both zero when an optional one is nil).
    var isFunction: Bool { (hasSuffix("_") || hasSuffix("_Sg")) && bytes.contains(UInt8(ascii: "I")) && !isBox }

    /// A class type, generic or not, optional or not (`<class>`, `<class>y…G`, `…GSg`): one
    /// word, a strong reference, whatever the generic arguments are. Told from the context
    /// descriptor the leading symbolic reference points to (kind 16 is a class).
    var isClassReference: Bool {
        guard bytes.first == 0x01, let descriptor = firstSymbolicTarget else { return false }
        let kind = RuntimeMetadata.pointer(descriptor).load(as: UInt32.self) & 0x1F
        guard kind == 16 else { return false }
        var rest = bytes.dropFirst()
        if rest.count >= 2, Array(rest.suffix(2)) == Array("Sg".utf8) { rest = rest.dropLast(2) }
        return rest.isEmpty || (rest.first == UInt8(ascii: "y") && rest.last == UInt8(ascii: "G"))
    }

    /// `Array<…>` (`Say…G`, optional or not: `…GSg`), whatever its element: one word, a strong
    /// reference to the storage (nil for an empty array's shared storage or a nil optional).
    var isArray: Bool {
        guard bytes.starts(with: Array("Say".utf8)) else { return false }
        return hasSuffix("G") || hasSuffix("GSg")
    }

    /// A lone generic parameter's mangling (`x`, `q_`, `qd__`…) as text, else nil: the key
    /// a closure's metadata sources use to say which binding holds that parameter's metadata.
    var loneParameter: String? {
        guard let first = bytes.first, first == UInt8(ascii: "x") || first == UInt8(ascii: "q"), bytes.count <= 8,
            !bytes.contains(0x01), !bytes.contains(where: { $0 == UInt8(ascii: "G") || $0 == UInt8(ascii: "S") })
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the name may mention a generic parameter or associated type (`x`, `q…`, `Q…`),
    /// outside identifiers and standard-type pairs. Conservative: anything it cannot parse
    /// (word-substituted identifiers) counts as generic, so it is never resolved without context.
    var mayBeGeneric: Bool {
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") {
                var length = 0
                while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
                    length = length * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                    i += 1
                }
                i += length
                continue
            }
            switch byte {
            case UInt8(ascii: "0"): return true
            case UInt8(ascii: "x"), UInt8(ascii: "q"), UInt8(ascii: "Q"): return true
            case UInt8(ascii: "S"): i += 2
            default: i += 1
            }
        }
        return false
    }
}
#endif
