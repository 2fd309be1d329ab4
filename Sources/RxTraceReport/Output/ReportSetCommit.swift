import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a run's report files as one set, so a reader never sees files from two runs.
///
/// The files are written and flushed into a staging folder inside the output folder
/// (`.rxtrace.staging/`, same file system), then a `COMPLETE` marker is written, then each
/// file is renamed over its destination and the staging folder removed. The renames take
/// microseconds and run while SIGINT and SIGTERM are only recorded (see `Interruption`), so an
/// interrupt cannot split the set. If the process is killed outright in between, the next
/// run that locks the folder finishes the job before anything else: a complete staging
/// folder is rolled forward, an incomplete one is discarded, stale temporary files are removed.
enum ReportSetCommit {
    static let completeMarker = "COMPLETE"

    static func stagingFolder(in folder: URL, baseName: String) -> URL {
        folder.appendingPathComponent(".\(baseName).staging", isDirectory: true)
    }

    /// Writes `files` (destination in `folder`, bytes) as one set.
    static func commit(_ files: [(URL, Data)], in folder: URL, baseName: String) throws {
        let staging = stagingFolder(in: folder, baseName: baseName)
        try? FileManager.default.removeItem(at: staging)
        guard mkdir(staging.path, 0o755) == 0 else {
            throw AtomicFile.Failure(path: folder.path, reason: AtomicFile.lastErrorText())
        }
        do {
            for (destination, data) in files {
                try AtomicFile.write(data, to: staging.appendingPathComponent(destination.lastPathComponent))
            }
            try AtomicFile.write(
                Data(files.map { $0.0.lastPathComponent }.joined(separator: "\n").utf8),
                to: staging.appendingPathComponent(completeMarker)
            )
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
        try rollForward(staging, into: folder)
    }

    /// Moves every staged file over its destination, then removes the staging folder.
    static func rollForward(_ staging: URL, into folder: URL) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: staging.path)) ?? []
        var failure: AtomicFile.Failure?
        for name in names.sorted() where name != completeMarker && !name.hasSuffix(".tmp") {
            if rename(staging.appendingPathComponent(name).path, folder.appendingPathComponent(name).path) != 0,
                failure == nil
            {
                failure = AtomicFile.Failure(
                    path: folder.appendingPathComponent(name).path,
                    reason: AtomicFile.lastErrorText()
                )
            }
        }
        try? FileManager.default.removeItem(at: staging)
        syncFolder(folder)
        if let failure { throw failure }
    }

    /// What an earlier run killed mid-write left behind: finish or discard its staging
    /// folders, remove its temporary files. Called with the folder's lock held.
    static func recover(in folderPath: String) {
        let folder = URL(fileURLWithPath: folderPath, isDirectory: true)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? [] where name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            if name.hasSuffix(".staging") {
                if FileManager.default.fileExists(atPath: url.appendingPathComponent(completeMarker).path) {
                    try? rollForward(url, into: folder)
                } else {
                    try? FileManager.default.removeItem(at: url)
                }
            } else if isReportTemporary(name) {
                unlink(url.path)
            }
        }
    }

    /// `.rxtrace.txt.<pid>.<random>.tmp`: an `AtomicFile` temporary of a report file.
    static func isReportTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let extensions = ReportFormat.allCases.map { $0.fileName(base: "") }
        return extensions.contains { name.contains("\($0).") }
    }

    private static func syncFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
