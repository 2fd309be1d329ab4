#if TRACE_RESOURCES
import CRxHeapGraph
import RxTraceReport
/// Names a closure from its function pointer: the closure's symbol is local (`dladdr` misses
/// it), so it goes through the same symbolicator as the backtraces, which reads the ELF symbol
/// table and DWARF line table: `closure #2 in Presenter.bind(_:capture:)` at file:line.
///
/// Two kinds of compiler thunks stand between a stored closure and the code a person wrote:
/// - `partial apply for closure #1 in …` (named after the closure by the symbolicator, without
///   a line of its own) forwards to the closure: the forwarder's direct call or jump whose
///   target has exactly the same name gives the closure and its line;
/// - `implicit closure #2 in implicit closure #1 in …` is what `map(self.transform)` builds:
///   its first direct call into the user's code names the method.
/// Both are read from the thunk's machine code (x86_64 `call`/`jmp rel32`, `jmp rel8`; arm64 `bl`/`b`) and
/// accepted only when the target's name confirms it.
final class FunctionNamer {
    /// A closure as a report shows it.
    struct Name {
        var frame: SymbolicatedFrame
        /// `closure #1 in Presenter.bind()`, or `method reference Presenter.transform(_:)`.
        var readable: String
        var isMethodReference: Bool
    }

    private var cache: [UInt: Name?] = [:]

    func name(_ entry: UInt) -> Name? {
        guard entry != 0 else { return nil }
        if let cached = cache[entry] { return cached }
        var result: Name?
        if var frame = frame(at: entry) {
            if frame.line == nil {
                let forwarded = frame.function
                if let target = directTargets(entry).lazy.filter({ $0 != entry }).compactMap({ self.frame(at: $0) })
                    .first(where: { $0.function == forwarded })
                {
                    frame = target
                }
            }
            if frame.line == nil { frame = located(frame) }
            if frame.line == nil, let origin = unspecializedOrigin(of: entry),
                case let original = located(origin), original.function == frame.function, original.line != nil
            {
                frame.file = original.file
                frame.line = original.line
            }
            let readable =
                frame.function.hasPrefix("thunk for ") || frame.function.hasPrefix("reabstraction thunk")
                ? "reabstraction thunk" : frame.function
            result = Name(frame: frame, readable: readable, isMethodReference: false)
            if frame.function.hasPrefix("implicit closure #"), frame.function.contains(" in implicit closure #"),
                let method = directTargets(frame.address).lazy.compactMap({ self.frame(at: $0) })
                    .first(where: { $0.origin == .user && !$0.function.contains("closure #") })
                    ?? inlinedMethod(in: frame)
            {
                var located = frame
                if located.line == nil, let declared = DeclarationLine.lookup(frame.address) {
                    located.file = declared.file
                    located.line = declared.line
                }
                result = Name(frame: located, readable: "method reference \(method.function)", isMethodReference: true)
            }
        }
        cache[entry] = result
        return result
    }

    /// The function that starts at `entry`, with the line of its first instruction.
    private func frame(at entry: UInt) -> SymbolicatedFrame? {
        // The symbolicator treats addresses as return addresses and looks up address − 1, so
        // pass entry + 1 to land on the entry itself. Inlined frames come first: the last
        // frame is the function that owns the address.
        guard let frame = Symbolicator.shared.frames(forAddresses: [entry + 1]).last, !frame.function.hasPrefix("0x")
        else { return nil }
        var named = frame
        named.address = entry
        return named
    }

    /// The function a specialization or a partial-apply forwarder without a line was made from:
    /// a release build may inline a closure's whole body into a specialised forwarder whose code
    /// the line table gives no line, while the closure itself, unspecialised, keeps its lines. A
    /// specialization's or thunk's mangled name is the original's followed by its own suffix,
    /// so the original is the longest other function symbol of the image whose name starts it.
    private func unspecializedOrigin(of entry: UInt) -> SymbolicatedFrame? {
        guard let image = LoadedImage(containing: entry) else { return nil }
        let tables = Symbolicator.shared.symbolTables
        guard let symbol = tables.function(atOffset: entry - image.base, image: image.path) else { return nil }
        var name = Substring(symbol.name)
        while name.count > 2 {
            name = name.dropLast()
            if let value = tables.address(ofFunctionNamed: String(name), image: image.path), value != symbol.value {
                return frame(at: image.base + value)
            }
        }
        return nil
    }

    /// A compiler-made closure's first instructions often carry no line (`<compiler-generated>`):
    /// take the first line its body has, looking a few instructions in.
    private func located(_ frame: SymbolicatedFrame) -> SymbolicatedFrame {
        let probes = stride(from: 8, through: 96, by: 8).map { frame.address + UInt($0) + 1 }
        let frames = Symbolicator.shared.frames(forAddresses: probes)
        guard let body = frames.first(where: { $0.function == frame.function && $0.file != nil && ($0.line ?? 0) > 0 })
        else { return frame }
        var located = frame
        located.file = body.file
        located.line = body.line
        return located
    }

    /// The user's method a release build inlined into a method reference's thunk (no call to
    /// it is left): the first of the user's non-closure frames among the inlined frames of the
    /// thunk's first instructions.
    private func inlinedMethod(in thunk: SymbolicatedFrame) -> SymbolicatedFrame? {
        let probes = stride(from: 0, through: 96, by: 4).map { thunk.address + UInt($0) + 1 }
        return Symbolicator.shared.frames(forAddresses: probes).first { frame in
            frame.origin == .user && !frame.function.contains("closure #") && frame.function != thunk.function
        }
    }

    /// Targets of direct calls and jumps in the first bytes of the function at `entry`.
    private func directTargets(_ entry: UInt) -> [UInt] {
        let window = 128
        guard let code = UnsafeRawPointer(bitPattern: entry) else { return [] }
        var targets: [UInt] = []
        #if arch(x86_64)
        var offset = 0
        while offset + 5 <= window {
            let opcode = code.load(fromByteOffset: offset, as: UInt8.self)
            if opcode == 0xE8 || opcode == 0xE9 {
                let displacement = Int(code.loadUnaligned(fromByteOffset: offset + 1, as: Int32.self))
                targets.append(UInt(bitPattern: Int(bitPattern: entry) + offset + 5 + displacement))
            } else if opcode == 0xEB {
                // jmp rel8: a forwarder placed right after its closure.
                let displacement = Int(code.load(fromByteOffset: offset + 1, as: Int8.self))
                targets.append(UInt(bitPattern: Int(bitPattern: entry) + offset + 2 + displacement))
            }
            offset += 1
        }
        #elseif arch(arm64)
        for offset in stride(from: 0, to: window, by: 4) {
            let instruction = code.load(fromByteOffset: offset, as: UInt32.self)
            if instruction & 0x7C00_0000 == 0x1400_0000 {
                let immediate = Int(Int32(bitPattern: instruction << 6) >> 6) * 4
                targets.append(UInt(bitPattern: Int(bitPattern: entry) + offset + immediate))
            }
        }
        #endif
        // Bytes that only look like a call give targets anywhere; a real one stays in the image
        // (and asking the symbolicator about an address outside every image is costly).
        let image = Self.imageBase(entry)
        return Array(targets.filter { image != nil && Self.imageBase($0) == image }.prefix(12))
    }

    private static func imageBase(_ address: UInt) -> UInt? {
        let base = rxheap_image_base(address)
        return base == 0 ? nil : base
    }
}
#endif
