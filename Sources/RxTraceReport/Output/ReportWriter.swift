import Foundation

/// Writes a run's reports to an output folder (`Reports/` by default), whole or not at all.
///
/// Every format is rendered in memory first, then the folder is locked (`OutputFolderLock`)
/// and the files are replaced as one set (`ReportSetCommit`): written to a staging folder,
/// and only when all are complete renamed over their destinations. Any failure before the
/// renames leaves the folder as it was; the error says which folder and why, in one line.
public struct ReportWriter: Sendable {
    public var directory: String
    public var formats: [ReportFormat]
    public var baseName: String

    public static let defaultDirectory = "Reports"

    public init(
        directory: String = ReportWriter.defaultDirectory,
        formats: [ReportFormat] = ReportFormat.allCases,
        baseName: String = "rxtrace"
    ) {
        self.directory = directory
        self.formats = formats
        self.baseName = baseName
    }

    /// The file each format goes to.
    public func path(for format: ReportFormat) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(format.fileName(base: baseName)).path
    }

    /// The status files (`rxtrace-status.json`, `rxtrace-status.txt`), written with every set.
    public var statusPaths: (json: String, text: String) {
        let names = RunStatus.fileNames(base: baseName)
        let folder = URL(fileURLWithPath: directory)
        return (folder.appendingPathComponent(names.json).path, folder.appendingPathComponent(names.text).path)
    }

    /// Writes every format, and the run's status beside them, and returns the report paths
    /// written, in `formats` order.
    @discardableResult
    public func write(_ report: RunReport) throws -> [String] {
        let folder = URL(fileURLWithPath: directory)
        var rendered: [(URL, Data)] = []
        for format in formats {
            let data: Data
            do {
                data = Data(try format.render(report).utf8)
            } catch {
                throw ReportWriterError.renderingFailed(format: format, reason: "\(error)")
            }
            rendered.append((folder.appendingPathComponent(format.fileName(base: baseName)), data))
        }
        try commit(rendered + statusFiles(RunStatus(report: report)))
        return rendered.map { $0.0.path }
    }

    /// Writes only the status files, for a run that ended before it had a report (the tests did
    /// not build): a status file left by an earlier run must not read as this run's.
    public func write(_ status: RunStatus) throws {
        try commit(statusFiles(status))
    }

    private func statusFiles(_ status: RunStatus) -> [(URL, Data)] {
        let paths = statusPaths
        return [
            (URL(fileURLWithPath: paths.json), status.encodedJSON()),
            (URL(fileURLWithPath: paths.text), Data((status.line + "\n").utf8)),
        ]
    }

    /// Replaces `rendered` in the folder as one set, under the folder's lock.
    private func commit(_ rendered: [(URL, Data)]) throws {
        let folder = URL(fileURLWithPath: directory)
        try prepare(folder)
        for (destination, _) in rendered {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                throw ReportWriterError.unwritableDirectory(
                    path: directory,
                    reason: "\(destination.lastPathComponent) is a directory"
                )
            }
        }

        let lock: OutputFolderLock
        do {
            lock = try OutputFolderLock(folder: directory)
        } catch let busy as OutputFolderLock.Busy {
            throw ReportWriterError.busy(path: busy.path)
        } catch {
            throw ReportWriterError.unwritableDirectory(path: directory, reason: "\(error)")
        }
        defer { lock.release() }
        do {
            try ReportSetCommit.commit(rendered, in: folder, baseName: baseName)
        } catch let failure as AtomicFile.Failure {
            throw ReportWriterError.unwritableDirectory(path: directory, reason: failure.reason)
        }
    }

    /// Creates the folder if needed and checks it is a writable folder.
    private func prepare(_ folder: URL) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw ReportWriterError.unwritableDirectory(path: directory, reason: "it exists and is not a directory")
            }
        } else {
            do {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw ReportWriterError.unwritableDirectory(
                    path: directory,
                    reason: ReportWriterError.reason(creating: folder)
                )
            }
        }
    }
}

/// Reports that could not be written (CLI exit code 2). Nothing was written.
public enum ReportWriterError: Error, Equatable, CustomStringConvertible {
    case unwritableDirectory(path: String, reason: String)
    case renderingFailed(format: ReportFormat, reason: String)
    /// Another process holds the folder's `OutputFolderLock`.
    case busy(path: String)

    public var description: String {
        switch self {
        case .unwritableDirectory(let path, let reason): return "cannot write reports to '\(path)': \(reason)"
        case .renderingFailed(let format, let reason): return "cannot render the \(format.rawValue) report: \(reason)"
        case .busy(let path): return OutputFolderLock.Busy(path: path).description
        }
    }

    /// Why a folder cannot be created: the first ancestor that exists says it (not a
    /// directory, or not writable).
    static func reason(creating folder: URL) -> String {
        var ancestor = folder.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        while !FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
            let parent = ancestor.deletingLastPathComponent()
            if parent.path == ancestor.path { break }
            ancestor = parent
        }
        if !isDirectory.boolValue { return "'\(ancestor.path)' is not a directory" }
        return "cannot create it in '\(ancestor.path)' (permission denied or read-only)"
    }
}
