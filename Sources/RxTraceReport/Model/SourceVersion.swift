import Foundation

/// The version of the rxtrace sources this build was compiled from: the tag on the checked-out
/// commit (for a versioned dependency or a mirror, the version SwiftPM resolved), else the commit.
///
/// SwiftPM gives a package's code no version of its own: a manifest cannot hand a string to the
/// compiler without `unsafeFlags` (refused for versioned dependencies), and a build-tool plugin
/// would run git on every build of every user. What every build has is the sources' path
/// (`#filePath`), and the folder they sit in is a git working copy in each way rxtrace is
/// consumed: the repository itself as the root package or a path dependency, and for a versioned
/// dependency or a mirror SwiftPM's checkout (`.build/checkouts/<identity>`), a clone detached at
/// the resolved tag with that tag in its refs. The repository files are read directly, with no
/// `git` process (which may be missing, or refuse a checkout another user owns).
package enum SourceVersion {
    /// This build's version, or `unknown` when its sources are no longer where it was built
    /// (a binary copied to another machine) or are not a git working copy.
    package static let rxtrace: String = {
        // <package>/Sources/RxTraceReport/Model/SourceVersion.swift
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return read(packageRoot: packageRoot) ?? "unknown"
    }()

    /// The commit this build's sources are checked out at (7 hex digits), nil when they are not a
    /// git working copy.
    package static let rxtraceCommit: String? = {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return commit(packageRoot: packageRoot)
    }()

    /// The first 7 hex digits of the commit checked out in the working copy holding `packageRoot`.
    package static func commit(packageRoot: URL) -> String? {
        Repository(containing: packageRoot.standardizedFileURL)?.headCommit().map { String($0.prefix(7)) }
    }

    /// The tag of the commit checked out in the git working copy holding `packageRoot` (the
    /// highest version when several tags point at it), else the commit's first 7 hex digits.
    /// Nil when there is no working copy or its `HEAD` cannot be resolved.
    package static func read(packageRoot: URL) -> String? {
        if let resolved = resolvedBySwiftPM(checkout: packageRoot.standardizedFileURL) { return resolved }
        guard let repository = Repository(containing: packageRoot.standardizedFileURL),
            let head = repository.headCommit()
        else { return nil }
        let tags = repository.tags(pointingAt: head)
        if let best = tags.max(by: { precedes($0, $1) }) { return best }
        return String(head.prefix(7))
    }

    /// The version SwiftPM resolved for the dependency checked out at `checkout`, from the
    /// build folder's `workspace-state.json` (`<scratch>/checkouts/<name>` beside
    /// `<scratch>/workspace-state.json`): exact where several tags name one commit. Nil for a
    /// folder that is not a versioned checkout (a branch or revision dependency has no version).
    static func resolvedBySwiftPM(checkout: URL) -> String? {
        let checkouts = checkout.deletingLastPathComponent()
        guard checkouts.lastPathComponent == "checkouts",
            let data = FileManager.default.contents(
                atPath: checkouts.deletingLastPathComponent().appendingPathComponent("workspace-state.json").path
            ),
            let state = try? JSONDecoder().decode(WorkspaceState.self, from: data)
        else { return nil }
        return state.object.dependencies.first { $0.subpath == checkout.lastPathComponent }?.state.checkoutState?
            .version
    }

    /// The part of SwiftPM's `workspace-state.json` that names each checkout's version.
    private struct WorkspaceState: Decodable {
        struct Dependency: Decodable {
            struct State: Decodable {
                struct CheckoutState: Decodable { var version: String? }
                var checkoutState: CheckoutState?
            }
            var subpath: String
            var state: State
        }
        struct Object: Decodable { var dependencies: [Dependency] }
        var object: Object
    }

    /// Orders tags so that the highest version comes last: numeric components compared as
    /// numbers (`1.10.0` after `1.9.0`), a tag that is not a version before any that is.
    static func precedes(_ a: String, _ b: String) -> Bool {
        let (x, y) = (numericParts(a), numericParts(b))
        if (x == nil) != (y == nil) { return x == nil }
        if let x, let y, x != y { return x.lexicographicallyPrecedes(y) }
        return a < b
    }

    private static func numericParts(_ tag: String) -> [Int]? {
        let core = tag.drop { $0 == "v" }.prefix { $0 != "-" && $0 != "+" }
        let parts = core.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.map { $0! }
    }

    /// The files of one git repository that name commits: `HEAD` in the working copy's own git
    /// folder, refs and `packed-refs` in the common one (they differ for linked worktrees).
    private struct Repository {
        let gitDirectory: URL
        let commonDirectory: URL

        /// The repository whose working copy holds `folder`: the nearest `.git` above it, a
        /// folder or a `gitdir:` file (linked worktrees, submodules).
        init?(containing folder: URL) {
            var candidate = folder
            while true {
                let dotGit = candidate.appendingPathComponent(".git")
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) {
                    if isFolder.boolValue {
                        gitDirectory = dotGit
                    } else {
                        guard let text = Repository.text(dotGit), text.hasPrefix("gitdir: ") else { return nil }
                        let path = String(text.dropFirst("gitdir: ".count))
                        gitDirectory = URL(fileURLWithPath: path, relativeTo: candidate).standardizedFileURL
                    }
                    if let common = Repository.text(gitDirectory.appendingPathComponent("commondir")) {
                        commonDirectory =
                            URL(fileURLWithPath: common, relativeTo: gitDirectory.appendingPathComponent("."))
                            .standardizedFileURL
                    } else {
                        commonDirectory = gitDirectory
                    }
                    return
                }
                let parent = candidate.deletingLastPathComponent()
                if parent.path == candidate.path { return nil }
                candidate = parent
            }
        }

        /// The commit `HEAD` names, directly (a detached checkout, as SwiftPM leaves one) or
        /// through a branch.
        func headCommit() -> String? {
            guard let head = Repository.text(gitDirectory.appendingPathComponent("HEAD")) else { return nil }
            if head.hasPrefix("ref: ") { return resolve(String(head.dropFirst("ref: ".count))) }
            return Repository.isObjectName(head) ? head : nil
        }

        /// Tags whose commit is `commit`: `packed-refs` (with the peeled commit of an annotated
        /// tag on the `^` line after it, as git and SwiftPM's clones write them) and loose refs
        /// under `refs/tags` (a loose annotated tag names its tag object, which is compressed and
        /// not read here: such a tag is only found once packed).
        func tags(pointingAt commit: String) -> [String] {
            var found: [String] = []
            var lastPackedTag: String?
            for line in packedRefs() {
                if line.hasPrefix("^") {
                    if let tag = lastPackedTag, line.dropFirst() == commit { found.append(tag) }
                    continue
                }
                lastPackedTag = nil
                let fields = line.split(separator: " ", maxSplits: 1)
                guard fields.count == 2, fields[1].hasPrefix("refs/tags/") else { continue }
                let tag = String(fields[1].dropFirst("refs/tags/".count))
                lastPackedTag = tag
                if fields[0] == commit { found.append(tag) }
            }
            let tagsFolder = commonDirectory.appendingPathComponent("refs/tags")
            if let paths = try? FileManager.default.subpathsOfDirectory(atPath: tagsFolder.path) {
                for path in paths where Repository.text(tagsFolder.appendingPathComponent(path)) == commit {
                    found.append(path)
                }
            }
            return Array(Set(found))
        }

        private func resolve(_ ref: String) -> String? {
            if let loose = Repository.text(commonDirectory.appendingPathComponent(ref)), Repository.isObjectName(loose)
            {
                return loose
            }
            if let loose = Repository.text(gitDirectory.appendingPathComponent(ref)), Repository.isObjectName(loose) {
                return loose
            }
            for line in packedRefs() where !line.hasPrefix("^") {
                let fields = line.split(separator: " ", maxSplits: 1)
                if fields.count == 2, fields[1] == ref { return String(fields[0]) }
            }
            return nil
        }

        private func packedRefs() -> [Substring] {
            guard let text = Repository.text(commonDirectory.appendingPathComponent("packed-refs")) else { return [] }
            return text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        }

        private static func text(_ file: URL) -> String? {
            (try? String(contentsOf: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        private static func isObjectName(_ text: String) -> Bool {
            (text.utf8.count == 40 || text.utf8.count == 64)
                && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
        }
    }
}
