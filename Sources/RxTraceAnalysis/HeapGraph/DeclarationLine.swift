#if TRACE_RESOURCES
import CRxHeapGraph
import Foundation
import RxTraceReport

/// The line a compiler-made closure is written on, for the closures whose code has no line of
/// its own (`implicit closure #2 in implicit closure #1 in Presenter.bind()`, which
/// `map(self.transform)` builds: its line table says line 0). Its debug information entry still
/// has `DW_AT_decl_line`, which the in-process symbolicator does not expose, so this asks the
/// toolchain's `llvm-dwarfdump --lookup` (one short-lived process), only for a reference to
/// break. Nothing when the tool or the entry is missing.
enum DeclarationLine {
    static func lookup(_ entry: UInt) -> (file: String, line: Int)? {
        guard let image = LoadedImage(containing: entry), let tool = dwarfdump else { return nil }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["--lookup=0x" + String(entry - image.base, radix: 16), image.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        // The innermost subprogram's attributes come last.
        var file: String?
        var line: Int?
        for row in text.split(separator: "\n") {
            if let value = attribute(row, "DW_AT_decl_file") { file = value }
            if let value = attribute(row, "DW_AT_decl_line"), let number = Int(value) { line = number }
        }
        guard let file, let line, line > 0 else { return nil }
        return (file, line)
    }

    private static func attribute(_ row: Substring, _ name: String) -> String? {
        guard let range = row.range(of: name) else { return nil }
        let rest = row[range.upperBound...].trimmingCharacters(in: .whitespaces)
        guard rest.hasPrefix("("), rest.hasSuffix(")") else { return nil }
        return String(rest.dropFirst().dropLast()).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    /// `llvm-dwarfdump` of the toolchain whose runtime this process loaded
    /// (`<toolchain>/usr/lib/swift/linux/libswiftCore.so` → `<toolchain>/usr/bin/`), else on the
    /// PATH: a `swift` reached through a version manager's shim leaves the toolchain off the PATH.
    private static let dwarfdump: URL? = {
        let environment = ProcessInfo.processInfo.environment
        var folders: [String] = []
        let runtimeAddress = unsafeBitCast(Int.self as Any.Type, to: UInt.self)
        if let library = rxheap_image_path(runtimeAddress).map({ String(cString: $0) }),
            let range = library.range(of: "/lib/swift/")
        {
            folders.append(String(library[..<range.lowerBound]) + "/bin")
        }
        folders += (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("llvm-dwarfdump")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()
}
#endif
