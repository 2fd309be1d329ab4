import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock on a report folder, so two runs never interleave their report files.
///
/// It is a `flock` on the folder itself (no lock file to leave behind or to race on), held
/// from before the first scenario runs until the process exits; the kernel releases it when
/// the holder dies, however it dies. A second run into the same folder fails at once with
/// one line instead of waiting. Re-entrant within a process: `ReportWriter` takes it too,
/// so a library caller that never locked still writes under the lock.
public final class OutputFolderLock {
    /// Another process holds the folder's lock.
    public struct Busy: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var description: String {
            "another rxtrace run is writing reports to '\(path)'; wait for it to finish or choose another --output folder"
        }
    }

    private static let registry = NSLock()
    nonisolated(unsafe) private static var held: [String: (descriptor: Int32, count: Int)] = [:]

    private let key: String
    private var released = false

    /// Locks `folder` (which must exist) or throws `Busy`, or `OutputFolderError` when the
    /// folder cannot be opened.
    public init(folder: String) throws {
        key = SourceRoot.absolute(folder)
        Self.registry.lock()
        defer { Self.registry.unlock() }
        if let entry = Self.held[key] {
            Self.held[key] = (entry.descriptor, entry.count + 1)
            return
        }
        let descriptor = open(key, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw OutputFolderError("cannot open the output folder '\(folder)': \(AtomicFile.lastErrorText())")
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            // Held elsewhere: fail at once. A file system without flock (EINVAL, ENOLCK) is
            // written unlocked, as before locks existed, rather than refused.
            if errno == EWOULDBLOCK || errno == EAGAIN {
                close(descriptor)
                throw Busy(path: folder)
            }
        }
        Self.held[key] = (descriptor, 1)
        ReportSetCommit.recover(in: key)
    }

    /// Releases this hold; the lock goes when the last hold in the process is released.
    public func release() {
        Self.registry.lock()
        defer { Self.registry.unlock() }
        guard !released, let entry = Self.held[key] else { return }
        released = true
        if entry.count > 1 {
            Self.held[key] = (entry.descriptor, entry.count - 1)
        } else {
            close(entry.descriptor)
            Self.held[key] = nil
        }
    }

    deinit { release() }
}
