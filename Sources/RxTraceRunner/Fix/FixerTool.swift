import Foundation

/// Where the fixer (`Tools/rxtrace-fix`, a package of its own because it needs swift-syntax)
/// comes from, and its build on demand: only `--fix` builds it, so plain `rxtrace test` and a
/// package that depends on rxtrace compile nothing of it.
///
/// Its sources are found where this rxtrace was compiled from (this repository, a path
/// dependency, a checkout under a user's `.build/checkouts/`), or at `RXTRACE_FIX_PACKAGE`.
/// They are copied into the build folder (the user's `.build/rxtrace-fix` by default, or
/// `RXTRACE_FIX_BUILD`) and built there, so a read-only or SwiftPM-managed checkout is never
/// written to. `RXTRACE_FIX` names a fixer executable already built, and skips the build.
package struct FixerTool: Sendable {
    /// The fixer's package: `Package.swift` and `Sources/`.
    package var sources: URL
    /// Holds the copy of the sources (`package/`) and its build (`build/`).
    package var buildFolder: URL
    /// A fixer executable to use as it is, when given.
    package var prebuilt: String?

    package static let sourcesVariable = "RXTRACE_FIX_PACKAGE"
    package static let buildVariable = "RXTRACE_FIX_BUILD"
    package static let executableVariable = "RXTRACE_FIX"

    /// `Tools/rxtrace-fix` of the tree this file was compiled in.
    package static var compiledSources: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Fix
            .deletingLastPathComponent()  // RxTraceRunner
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()
            .appendingPathComponent("Tools/rxtrace-fix")
    }

    package init(package: URL, environment: [String: String]) {
        sources = environment[Self.sourcesVariable].map { URL(fileURLWithPath: $0) } ?? Self.compiledSources
        buildFolder =
            environment[Self.buildVariable].map { URL(fileURLWithPath: $0) }
            ?? package.appendingPathComponent(".build/rxtrace-fix")
        prebuilt = environment[Self.executableVariable]
    }

    package var copy: URL { buildFolder.appendingPathComponent("package") }
    package var executable: URL { buildFolder.appendingPathComponent("build/debug/rxtrace-fix") }

    /// The fixer, built if needed; `say` gets one line before a build from nothing, with what
    /// it costs. Throws `BadInput` when the sources are missing or the build fails.
    /// Throws `BadInput` when the fixer cannot be had at all: no sources, or `RXTRACE_FIX` is
    /// not an executable. Cheap: checked before the run, so a bad setup fails at once.
    package func checkAvailable() throws {
        if let prebuilt {
            guard FileManager.default.isExecutableFile(atPath: prebuilt) else {
                throw BadInput("\(Self.executableVariable)=\(prebuilt) is not an executable")
            }
        } else if !FileManager.default.fileExists(atPath: sources.appendingPathComponent("Package.swift").path) {
            throw BadInput(
                "--fix needs rxtrace-fix's sources, and there are none at \(sources.path): set \(Self.sourcesVariable) to rxtrace's Tools/rxtrace-fix"
            )
        }
    }

    /// The fixer, built if needed; `say` gets one line before a build from nothing, with what
    /// it costs. Throws `BadInput` when the sources are missing or the build fails.
    package func ready(
        swift: String = ProcessInfo.processInfo.environment["SWIFT"] ?? "swift",
        say: (String) -> Void
    ) throws -> String {
        try checkAvailable()
        if let prebuilt { return prebuilt }
        let changed = try copySources()
        let exists = FileManager.default.isExecutableFile(atPath: executable.path)
        if exists && !changed { return executable.path }
        say(
            exists
                ? "rxtrace: rebuilding the fixer (its sources changed) in \(buildFolder.path)"
                : "rxtrace: building the fixer (Tools/rxtrace-fix and swift-syntax) in \(buildFolder.path): the first --fix takes about 2 to 4 minutes on 2 cores, later ones reuse it"
        )
        let log = buildFolder.appendingPathComponent("build.log")
        let status = try LoggedTool.run(
            swift,
            [
                "build", "--package-path", copy.path, "--scratch-path",
                buildFolder.appendingPathComponent("build").path, "--product", "rxtrace-fix",
            ],
            environment: ProcessInfo.processInfo.environment,
            output: log,
            interruption: .install()
        )
        if Interruption.install().isRequested { throw FixRun.Interrupted() }
        guard status == 0, FileManager.default.isExecutableFile(atPath: executable.path) else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let error = text.split(separator: "\n").first { $0.contains("error:") }.map(String.init)
            let why = (error ?? "swift build exited \(status)").prefix(300)
            throw BadInput("the fixer did not build (its log: \(log.path)): \(why)")
        }
        return executable.path
    }

    /// Copies `Package.swift` and the Swift files of `Sources/` and `Tests/` (the manifest
    /// names its test target) into `copy`, writing only files whose contents differ (their
    /// times then stay, and the build stays incremental); true when any file changed.
    package func copySources() throws -> Bool {
        let files = FileManager.default
        let folders = ["Sources", "Tests"]
        func swiftFiles(under root: URL) -> [String] {
            folders.flatMap { folder in
                let walker = files.enumerator(atPath: root.appendingPathComponent(folder).path)
                return (walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }.map {
                    "\(folder)/\($0)"
                }
            }
        }
        let wanted = ["Package.swift"] + swiftFiles(under: sources)
        var changed = false
        for path in wanted {
            let data = try Data(contentsOf: sources.appendingPathComponent(path))
            let target = copy.appendingPathComponent(path)
            if (try? Data(contentsOf: target)) == data { continue }
            try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: target, options: .atomic)
            changed = true
        }
        for path in swiftFiles(under: copy) where !wanted.contains(path) {
            try files.removeItem(at: copy.appendingPathComponent(path))
            changed = true
        }
        return changed
    }
}
