import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder one child process works in: `$TMPDIR/rxtrace-<pid>-<uuid>`, holding its output,
/// its result and its stacks. The parent removes it afterwards; `removeStale()` removes those of
/// runs that were killed before they could.
struct ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxtrace-\(getpid())-\(UUID().uuidString)",
            isDirectory: true
        )
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Where the child's stdout and stderr go.
    var output: URL { url.appendingPathComponent("output.txt") }

    /// What the child printed: its last `lines` lines, or all of it.
    func outputText(lastLines lines: Int? = nil) -> String {
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard let lines else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// Scratch folders of runs whose process no longer exists: a run ended by SIGKILL cannot
    /// remove its own. Folders of live processes are left alone, and so are folders changed in
    /// the last hour (a process id from another PID namespace sharing this temporary folder
    /// looks dead from here).
    static func removeStale() {
        let temporary = FileManager.default.temporaryDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] {
            let parts = name.split(separator: "-", maxSplits: 2)
            guard parts.count == 3, parts[0] == "rxtrace", let pid = Int32(parts[1]), pid > 0,
                UUID(uuidString: String(parts[2])) != nil
            else { continue }
            let folder = temporary.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: folder.path)[.modificationDate]) as? Date
            guard let modified, Date().timeIntervalSince(modified) > 3600 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }
}
