#if TRACE_RESOURCES
import Foundation

/// The function symbols of the images a process loaded, read from each ELF file's `.symtab`
/// once: local symbols too (closures, thunks, specializations), which `dladdr` does not see.
final class ImageSymbolTables {
    struct FunctionSymbol {
        /// The symbol's address in its image (its load address not added).
        var value: UInt
        var size: UInt
        /// The raw (mangled) name.
        var name: String
    }

    private struct Image {
        /// Sorted by address; nil for an image without a symbol table.
        var functions: [FunctionSymbol]?
        /// Each name's address, built on first use.
        var addressByName: [String: UInt]?
    }

    private let lock = NSLock()
    private var images: [String: Image] = [:]

    /// The image's function symbols, sorted by address.
    func functions(of path: String) -> [FunctionSymbol]? {
        lock.lock()
        defer { lock.unlock() }
        return image(path).functions
    }

    /// The function symbol holding `offset` (an address in the image minus its load address).
    func function(atOffset offset: UInt, image path: String) -> FunctionSymbol? {
        guard let functions = functions(of: path) else { return nil }
        // The last symbol starting at or before `offset` (the list is sorted by address).
        var low = 0
        var high = functions.count
        while low < high {
            let middle = (low + high) / 2
            if functions[middle].value <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let symbol = functions[low - 1]
        return offset < symbol.value + max(symbol.size, 1) ? symbol : nil
    }

    /// The address in its image of the function named `name`, if the image has one.
    func address(ofFunctionNamed name: String, image path: String) -> UInt? {
        lock.lock()
        defer { lock.unlock() }
        var entry = image(path)
        if entry.addressByName == nil {
            var index: [String: UInt] = [:]
            for symbol in entry.functions ?? [] { index[symbol.name] = symbol.value }
            entry.addressByName = index
            images[path] = entry
        }
        return entry.addressByName?[name]
    }

    private func image(_ path: String) -> Image {
        if let known = images[path] { return known }
        let read = Image(functions: ImageSymbolTables.read(path))
        images[path] = read
        return read
    }

    /// The `STT_FUNC` entries of a 64-bit little-endian ELF file's `.symtab`, sorted by address.
    private static func read(_ path: String) -> [FunctionSymbol]? {
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
