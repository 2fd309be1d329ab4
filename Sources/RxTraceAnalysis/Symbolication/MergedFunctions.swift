#if TRACE_RESOURCES
import Foundation

/// The functions a merged function stands for. In a release build the optimiser's merge pass
/// replaces functions whose bodies differ only in constants by one body (`…Tm`) and turns each of
/// them into a thunk that loads its constants and jumps there, leaving no frame of its own. The
/// thunks keep their symbols in the executable's symbol table (`.symtab`), so reading it and the
/// thunks' few instructions tells which functions jump into a merged one: the candidates for a
/// frame in it. Neither the thunks nor the merged body have a line of their own in the debug
/// information, so candidates are names only.
final class MergedFunctions {
    private struct FunctionSymbol {
        var value: UInt
        var size: UInt
        var name: String
    }

    /// Function symbols by image path, sorted by address; nil for an image without a symbol table.
    private var symbolsByImage: [String: [FunctionSymbol]?] = [:]
    /// Per image: the functions small enough to be thunks, by the offset each jumps to.
    private var thunksByTarget: [String: [UInt: [String]]] = [:]

    /// The raw (mangled) names of the functions that jump into the merged function holding
    /// `offset` (an address in `image` minus its load address), in address order; nil when the
    /// function there is not merged or the image has no symbol table.
    func candidates(atOffset offset: UInt, image path: String, base: UInt) -> [String]? {
        guard let symbols = symbols(of: path),
            let merged = symbols.last(where: { $0.value <= offset }), offset < merged.value + max(merged.size, 1),
            Symbolicator.isMergedFunction(rawName: merged.name, name: "")
        else { return nil }
        if thunksByTarget[path] == nil {
            // One pass over the image's small functions for all its merged ones.
            var byTarget: [UInt: [String]] = [:]
            for symbol in symbols where symbol.size > 0 && symbol.size <= MergedFunctions.thunkSizeLimit {
                for target in MergedFunctions.jumpTargets(from: base + symbol.value, length: Int(symbol.size))
                where target >= base {
                    byTarget[target - base, default: []].append(symbol.name)
                }
            }
            thunksByTarget[path] = byTarget
        }
        return thunksByTarget[path]?[merged.value] ?? []
    }

    /// A thunk loads a few constants and jumps: bytes, not a body.
    static let thunkSizeLimit: UInt = 96

    /// The targets of the direct jumps in the code at `start`: x86_64 `jmp rel32`/`rel8`, arm64
    /// `b imm26`. Reads only the symbol's own bytes, which the loader mapped.
    static func jumpTargets(from start: UInt, length: Int) -> [UInt] {
        guard let code = UnsafeRawPointer(bitPattern: start) else { return [] }
        var targets: [UInt] = []
        #if arch(x86_64)
        var index = 0
        while index < length {
            let opcode = code.load(fromByteOffset: index, as: UInt8.self)
            if opcode == 0xE9, index + 5 <= length {
                let displacement = Int(code.loadUnaligned(fromByteOffset: index + 1, as: Int32.self))
                targets.append(UInt(bitPattern: Int(bitPattern: start) + index + 5 + displacement))
            } else if opcode == 0xEB, index + 2 <= length {
                let displacement = Int(code.load(fromByteOffset: index + 1, as: Int8.self))
                targets.append(UInt(bitPattern: Int(bitPattern: start) + index + 2 + displacement))
            }
            index += 1
        }
        #elseif arch(arm64)
        for index in stride(from: 0, to: length - 3, by: 4) {
            let word = code.loadUnaligned(fromByteOffset: index, as: UInt32.self)
            guard word & 0xFC00_0000 == 0x1400_0000 else { continue }
            let immediate = Int(Int32(bitPattern: word << 6) >> 6) * 4
            targets.append(UInt(bitPattern: Int(bitPattern: start) + index + immediate))
        }
        #endif
        return targets
    }

    private func symbols(of path: String) -> [FunctionSymbol]? {
        if let known = symbolsByImage[path] { return known }
        let read = MergedFunctions.functionSymbols(path)
        symbolsByImage[path] = .some(read)
        return read
    }

    /// The `STT_FUNC` entries of a 64-bit little-endian ELF file's `.symtab`, sorted by address.
    private static func functionSymbols(_ path: String) -> [FunctionSymbol]? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped), data.count > 64
        else { return nil }
        return data.withUnsafeBytes { (file: UnsafeRawBufferPointer) -> [FunctionSymbol]? in
            func load<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T? {
                guard offset >= 0, offset + MemoryLayout<T>.size <= file.count else { return nil }
                return T(littleEndian: file.loadUnaligned(fromByteOffset: offset, as: T.self))
            }
            // "\x7FELF", 64-bit, little-endian.
            guard load(0, UInt32.self) == 0x464C_457F, file[4] == 2, file[5] == 1,
                let sectionTable = load(0x28, UInt64.self).map(Int.init),
                let entrySize = load(0x3A, UInt16.self).map(Int.init),
                let count = load(0x3C, UInt16.self).map(Int.init)
            else { return nil }
            for index in 0..<count {
                let header = sectionTable + index * entrySize
                guard load(header + 4, UInt32.self) == 2,  // SHT_SYMTAB
                    let offset = load(header + 0x18, UInt64.self).map(Int.init),
                    let size = load(header + 0x20, UInt64.self).map(Int.init),
                    let link = load(header + 0x28, UInt32.self).map(Int.init),
                    let names = load(sectionTable + link * entrySize + 0x18, UInt64.self).map(Int.init)
                else { continue }
                var symbols: [FunctionSymbol] = []
                for entry in stride(from: offset, to: min(offset + size, file.count) - 23, by: 24) {
                    guard file[entry + 4] & 0xF == 2,  // STT_FUNC
                        let nameOffset = load(entry, UInt32.self).map(Int.init),
                        let value = load(entry + 8, UInt64.self), let length = load(entry + 16, UInt64.self), value != 0
                    else { continue }
                    let start = names + nameOffset
                    guard start < file.count else { continue }
                    var end = start
                    while end < file.count, file[end] != 0 { end += 1 }
                    symbols.append(
                        FunctionSymbol(
                            value: UInt(value),
                            size: UInt(length),
                            name: String(decoding: UnsafeRawBufferPointer(rebasing: file[start..<end]), as: UTF8.self)
                        )
                    )
                }
                return symbols.sorted { $0.value < $1.value }
            }
            return nil
        }
    }
}
#endif
