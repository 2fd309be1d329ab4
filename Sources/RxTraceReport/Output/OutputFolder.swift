import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The report folder, created and checked before any scenario runs.
public enum OutputFolder {
    /// Creates `path` and its missing parents (`mkdir -p`) and checks it is a writable folder.
    /// Throws `OutputFolderError` (one line, with the system's reason).
    public static func prepare(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw OutputFolderError("the output folder '\(path)' is a file") }
        } else if let failure = createMissing(path) {
            throw OutputFolderError("cannot create the output folder '\(path)': \(failure)")
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw OutputFolderError("the output folder '\(path)' is not writable: \(AtomicFile.lastErrorText())")
        }
    }

    /// Prepares `path` and locks it for this run, before anything runs: bad input is found
    /// before work is half-done, and the folder stays locked until the lock is released or the
    /// process exits, so no other run mixes its files with this one's.
    public static func claim(_ path: String) throws -> OutputFolderLock {
        try prepare(path)
        return try OutputFolderLock(folder: path)
    }

    /// Creates `path` and its missing parents, one component at a time from the first; returns
    /// why it could not, or nil. Plain string work on components: no path API whose edge cases
    /// (one-character names, trailing slashes) differ between Foundation versions.
    static func createMissing(_ path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") where component != "." {
            prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
            if mkdir(prefix, 0o755) == 0 || errno == EEXIST {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: prefix, isDirectory: &isDirectory), !isDirectory.boolValue {
                    return "'\(prefix)' is not a folder"
                }
                continue
            }
            // The folder itself needs no second mention: the message names it already.
            let reason = AtomicFile.lastErrorText()
            return prefix == path || prefix + "/" == path ? reason : "'\(prefix)': \(reason)"
        }
        return nil
    }
}

/// The report folder cannot be used: one line for stderr (CLI exit code 2).
public struct OutputFolderError: Error, Equatable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
