#if TRACE_RESOURCES
import Foundation
import RxTraceReport

/// Source locations for many addresses at once through `llvm-symbolizer`, which ships with the
/// Swift toolchain. It indexes an image's line table once; the `Runtime` module runs a compile
/// unit's line program again for every address, which is quadratic in the unit's size: 1,000
/// call sites in one file took about 10 s in a debug build, `llvm-symbolizer` 0.03 s for
/// the same addresses. Function names still come from the `Runtime` module; this supplies file,
/// line and the inlined levels (by linkage name), and the `Symbolicator` falls back to the
/// `Runtime` module for any address where the two disagree on the function, or when the tool is
/// not found.
final class LineTableSymbolizer: @unchecked Sendable {
    /// One frame's location as the tool printed it, innermost (inlined) first.
    struct Location: Equatable {
        var linkageName: String?
        var file: String?
        var line: Int?
    }

    let executable: String

    init(executable: String) {
        self.executable = executable
    }

    /// The toolchain's `llvm-symbolizer`: next to the Swift runtime library this process
    /// loaded (`<toolchain>/usr/lib/swift/linux/libswiftCore.so` → `<toolchain>/usr/bin/`),
    /// else on `PATH`. `RXTRACE_SYMBOLIZER=runtime` turns it off.
    static func find(runtimeLibraryPaths: [String]) -> LineTableSymbolizer? {
        let environment = ProcessInfo.processInfo.environment
        if environment["RXTRACE_SYMBOLIZER"] == "runtime" { return nil }
        var candidates: [String] = []
        for path in runtimeLibraryPaths {
            if let range = path.range(of: "/lib/swift/") {
                candidates.append(String(path[..<range.lowerBound]) + "/bin/llvm-symbolizer")
            }
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            candidates.append("\(folder)/llvm-symbolizer")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map(LineTableSymbolizer.init)
    }

    /// The locations of each address (an offset into `image`), innermost frame first; an
    /// address the tool could not read is absent.
    func locations(of offsets: [UInt], in image: String) -> [UInt: [Location]] {
        guard !offsets.isEmpty else { return [:] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--obj=\(image)", "--inlining", "--functions=linkage"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return [:] }
        let request = offsets.map { "0x" + String($0, radix: 16) }.joined(separator: "\n") + "\n"
        // Write from another thread: the tool answers as it reads, and a full output pipe
        // would otherwise stop both sides.
        let writer = Thread {
            input.fileHandleForWriting.write(Data(request.utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return [:] }
        return Self.parse(String(decoding: data, as: UTF8.self), offsets: offsets)
    }

    /// One block per requested offset, blocks separated by an empty line; a block is pairs of
    /// lines, function then `file:line:column`, innermost first.
    static func parse(_ text: String, offsets: [UInt]) -> [UInt: [Location]] {
        var result: [UInt: [Location]] = [:]
        let blocks = text.components(separatedBy: "\n\n")
        for (offset, block) in zip(offsets, blocks) {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: true)
            guard lines.count >= 2, lines.count % 2 == 0 else { continue }
            var locations: [Location] = []
            for pair in stride(from: 0, to: lines.count, by: 2) {
                let function = lines[pair] == "??" ? nil : String(lines[pair])
                var place = Substring(lines[pair + 1])
                // file:line:column; the file may itself contain colons.
                var line: Int?
                if let colon = place.lastIndex(of: ":") { place = place[..<colon] }
                if let colon = place.lastIndex(of: ":") {
                    line = Int(place[place.index(after: colon)...])
                    place = place[..<colon]
                }
                // A merged function (one body for several) is placed in its object file (`Sites.swift.o`).
                let file =
                    place == "??" || place.isEmpty || place.hasSuffix("<compiler-generated>") || place.hasSuffix(".o")
                    ? nil : String(place)
                locations.append(Location(linkageName: function, file: file, line: line.flatMap { $0 > 0 ? $0 : nil }))
            }
            // An answer names a file or at least a function (a merged function has no file).
            if locations.contains(where: { $0.file != nil || $0.linkageName != nil }) { result[offset] = locations }
        }
        return result
    }
}
#endif
