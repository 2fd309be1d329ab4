import Foundation

/// The user's package, to tell its own files from its dependencies': a finding is placed at the
/// user's own line, with the dependency's frame beside it (issue 31). Both are the user's code to
/// rxtrace (`FrameOrigin.user`, never folded as library code); only their place differs.
///
/// A file is a dependency's when it is in a SwiftPM checkout (`<scratch>/checkouts/<name>/`, for
/// `rxtrace test` `<package>/.build/rxtrace-test/checkouts/`; Xcode's `SourcePackages/checkouts/`)
/// or, when the package's root is known, outside it (a dependency by path) or in its build folder.
package struct UserPackage: Sendable, Equatable {
    /// The package's folder, absolute and standardised; nil when unknown (only checkouts are
    /// told then).
    package var root: String?

    /// Set by `rxtrace test` in the environment of the test processes it starts: the package's
    /// folder.
    package static let environmentKey = "RXTRACE_PACKAGE_ROOT"

    /// This process's package: `RXTRACE_PACKAGE_ROOT`'s.
    package static let current = UserPackage(root: ProcessInfo.processInfo.environment[environmentKey])

    package init(root: String?) {
        self.root = root.flatMap { $0.isEmpty ? nil : UserPackage.standardised($0) }
    }

    /// The dependency `file` (a path from debug information) belongs to: its checkout's folder
    /// name, or for a file outside the package the folder that holds its `Sources`; nil for the
    /// package's own files and for relative paths outside a checkout.
    package func dependency(of file: String) -> String? {
        let components = file.split(separator: "/")
        if let checkouts = components.lastIndex(of: "checkouts"), checkouts + 2 < components.count {
            return String(components[checkouts + 1])
        }
        guard let root, file.hasPrefix("/") else { return nil }
        let path = UserPackage.standardised(file)
        let prefix = root == "/" ? "/" : root + "/"
        if path.hasPrefix(prefix) {
            let inside = path.dropFirst(prefix.count).split(separator: "/")
            guard inside.contains(where: { $0.hasPrefix(".build") }) else { return nil }
        }
        let parts = path.split(separator: "/")
        if let sources = parts.lastIndex(where: { $0 == "Sources" || $0 == "Source" }), sources > 0 {
            return String(parts[sources - 1])
        }
        return parts.dropLast().last.map(String.init) ?? path
    }

    /// Whether `file` is a dependency's.
    package func isDependency(_ file: String?) -> Bool {
        file.map { dependency(of: $0) != nil } ?? false
    }

    private static func standardised(_ path: String) -> String {
        let standard = (path as NSString).standardizingPath
        return standard.count > 1 && standard.hasSuffix("/") ? String(standard.dropLast()) : standard
    }
}
