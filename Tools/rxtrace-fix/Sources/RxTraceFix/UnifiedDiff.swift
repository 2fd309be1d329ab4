import Foundation

/// A unified diff of one file, with `a/` and `b/` paths relative to the package, as `git apply`
/// (run in the package's folder) and `patch -p1` take it. Made by the system's `diff -u`.
public enum UnifiedDiff {
    public static func make(path: String, old: String, new: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxtrace-fix-diff-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = folder.appendingPathComponent("before")
        let after = folder.appendingPathComponent("after")
        try Data(old.utf8).write(to: before)
        try Data(new.utf8).write(to: after)
        let result = try Command.run(
            "/usr/bin/env",
            ["diff", "-u", "--label", "a/\(path)", "--label", "b/\(path)", before.path, after.path]
        )
        // diff exits 1 when the files differ, which is what a patch is for.
        guard result.status == 1 else {
            throw FixToolError("diff of \(path) failed (exit \(result.status)): \(result.output.prefix(200))")
        }
        return result.output
    }
}
