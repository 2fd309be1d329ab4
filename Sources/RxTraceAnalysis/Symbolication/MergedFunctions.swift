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
    private let symbolTables: ImageSymbolTables
    /// Per image: the functions small enough to be thunks, by the offset each jumps to.
    private var thunksByTarget: [String: [UInt: [String]]] = [:]

    /// The raw (mangled) names of the functions that jump into the merged function holding
    /// `offset` (an address in `image` minus its load address), in address order; nil when the
    /// function there is not merged or the image has no symbol table.
    init(symbolTables: ImageSymbolTables) {
        self.symbolTables = symbolTables
    }

    func candidates(atOffset offset: UInt, image path: String, base: UInt) -> [String]? {
        guard let merged = symbolTables.function(atOffset: offset, image: path),
            Symbolicator.isMergedFunction(rawName: merged.name, name: ""),
            let symbols = symbolTables.functions(of: path)
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
}
#endif
