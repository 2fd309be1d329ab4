import Foundation

/// The user's `Package.resolved`, kept out of reach of the traced build. SwiftPM writes that file
/// beside `Package.swift` whatever `--scratch-path` says, and the traced build resolves another
/// graph (rxtrace's own dependencies, a mirror's pins), so without this every `rxtrace test`
/// would rewrite the user's committed pins. Before the build the user's file (or its absence) is
/// kept and the traced build's own pins, saved in its scratch folder by the last run, are put in
/// its place (so a second run does not resolve again); after the build, the traced pins are saved
/// back and the user's file is restored byte for byte.
struct PackagePins {
    /// The package's `Package.resolved`.
    let file: URL
    /// Where the traced build's own pins are kept between runs.
    let saved: URL
    /// The user's bytes; nil when the package had no `Package.resolved`.
    private let original: Data?

    /// Keeps the user's file and puts the traced build's pins in its place.
    init(packagePath: String, scratchPath: String) {
        file = URL(fileURLWithPath: packagePath).appendingPathComponent("Package.resolved")
        saved = URL(fileURLWithPath: scratchPath).appendingPathComponent("rxtrace-Package.resolved")
        original = try? Data(contentsOf: file)
        // Without saved pins (a first run) the user's own are the start: the build changes only
        // what the traced graph needs.
        if let traced = try? Data(contentsOf: saved) { try? traced.write(to: file, options: .atomic) }
    }

    /// Saves the traced build's pins and puts the user's file back as it was.
    func restore() {
        let now = try? Data(contentsOf: file)
        if let now { try? now.write(to: saved, options: .atomic) }
        guard now != original else { return }
        if let original {
            try? original.write(to: file, options: .atomic)
        } else {
            try? FileManager.default.removeItem(at: file)
        }
    }
}
