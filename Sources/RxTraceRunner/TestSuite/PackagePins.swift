import Foundation

/// The user's `Package.resolved`, kept out of reach of the traced build. SwiftPM writes that file
/// beside `Package.swift` whatever `--scratch-path` says, and the traced build resolves another
/// graph (rxtrace's own dependencies, a mirror's pins), so without this every `rxtrace test`
/// would rewrite the user's committed pins. Before the build the user's file (or its absence) is
/// kept, also in the scratch folder, and the traced build's own pins, saved there by the last run,
/// are put in its place (so a second run does not resolve again); after the build, the traced pins
/// are saved back and the user's file is restored byte for byte. A run killed before it could
/// restore (SIGKILL) leaves the kept copy, and the next run puts it back first.
struct PackagePins {
    /// The package's `Package.resolved`.
    let file: URL
    /// Where the traced build's own pins are kept between runs.
    let saved: URL
    /// The user's file while a build runs; `keptAbsence` marks that there was none.
    let kept: URL
    var keptAbsence: URL { Self.absence(of: kept) }
    /// The user's bytes; nil when the package had no `Package.resolved`.
    private let original: Data?

    /// Keeps the user's file and puts the traced build's pins in its place.
    init(packagePath: String, scratchPath: String) {
        let scratch = URL(fileURLWithPath: scratchPath)
        file = URL(fileURLWithPath: packagePath).appendingPathComponent("Package.resolved")
        saved = scratch.appendingPathComponent("rxtrace-Package.resolved")
        kept = scratch.appendingPathComponent("rxtrace-kept-Package.resolved")
        Self.putBack(kept: kept, into: file)
        original = try? Data(contentsOf: file)
        if let original {
            try? original.write(to: kept, options: .atomic)
        } else {
            FileManager.default.createFile(atPath: keptAbsence.path, contents: nil)
        }
        // Without saved pins (a first run) the user's own are the start: the build changes only
        // what the traced graph needs.
        if let traced = try? Data(contentsOf: saved) { try? traced.write(to: file, options: .atomic) }
    }

    /// Saves the traced build's pins and puts the user's file back as it was.
    func restore() {
        let now = try? Data(contentsOf: file)
        if let now { try? now.write(to: saved, options: .atomic) }
        if now != original {
            if let original {
                try? original.write(to: file, options: .atomic)
            } else {
                try? FileManager.default.removeItem(at: file)
            }
        }
        try? FileManager.default.removeItem(at: kept)
        try? FileManager.default.removeItem(at: keptAbsence)
    }

    /// What a killed run kept goes back where it was.
    private static func putBack(kept: URL, into file: URL) {
        if let user = try? Data(contentsOf: kept) {
            try? user.write(to: file, options: .atomic)
        } else if FileManager.default.fileExists(atPath: absence(of: kept).path) {
            try? FileManager.default.removeItem(at: file)
        }
        try? FileManager.default.removeItem(at: kept)
        try? FileManager.default.removeItem(at: absence(of: kept))
    }

    private static func absence(of kept: URL) -> URL { kept.appendingPathExtension("none") }
}
