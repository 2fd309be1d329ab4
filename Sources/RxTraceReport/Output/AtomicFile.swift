import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-or-nothing file writes: the bytes go to a temporary file in the destination's folder
/// (same file system, so the rename is atomic), are flushed, then renamed over the destination.
/// A reader sees the old file or the new one, never a partial one.
package enum AtomicFile {
    struct Failure: Error {
        var path: String
        var reason: String
    }

    /// Writes `data` next to `destination` under a hidden temporary name and returns that name.
    static func writeTemporary(_ data: Data, for destination: URL) throws -> URL {
        let folder = destination.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(
            ".\(destination.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        )
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(path: folder.path, reason: lastErrorText()) }
        var failure: String?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = lastErrorText()
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = lastErrorText() }
        if close(fd) != 0, failure == nil { failure = lastErrorText() }
        if let failure {
            unlink(temporary.path)
            throw Failure(path: folder.path, reason: failure)
        }
        return temporary
    }

    /// Renames a temporary file from `writeTemporary` over its destination.
    static func commit(_ temporary: URL, to destination: URL) throws {
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = lastErrorText()
            unlink(temporary.path)
            throw Failure(path: destination.path, reason: reason)
        }
    }

    static func discard(_ temporary: URL) {
        unlink(temporary.path)
    }

    /// One file, whole or not at all.
    package static func write(_ data: Data, to destination: URL) throws {
        let temporary = try writeTemporary(data, for: destination)
        try commit(temporary, to: destination)
    }

    private static func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fd, bytes, count)
        #else
        return Darwin.write(fd, bytes, count)
        #endif
    }

    static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }
}

/// Reads whole files with the system's own reason on failure ("No such file or directory",
/// "Is a directory", "Permission denied"), and without Foundation's refusal of character
/// devices, so `--suppressions /dev/null` or a process substitution works.
enum FileReading {
    struct Failure: Error {
        var reason: String
    }

    static func read(_ path: String) throws -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(reason: AtomicFile.lastErrorText()) }
        defer { close(fd) }
        var status = stat()
        if fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(reason: String(cString: strerror(EISDIR)))
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: AtomicFile.lastErrorText())
            }
            if count == 0 { return data }
            data.append(buffer, count: count)
        }
    }

    private static func systemRead(_ fd: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(fd, bytes, count)
        #else
        return Darwin.read(fd, bytes, count)
        #endif
    }
}
