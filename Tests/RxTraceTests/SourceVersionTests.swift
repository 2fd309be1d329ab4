import Foundation
import XCTest

@testable import RxTraceReport

/// The report header's version: read from the git working copy the sources were built from, as
/// SwiftPM leaves one for a root package, a path dependency, a versioned dependency and a mirror.
final class SourceVersionTests: FolderTestCase {
    @discardableResult
    private func git(_ arguments: String..., in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main",
                "-c", "tag.gpgSign=false", "-c", "commit.gpgSign=false",
            ] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A repository with one commit and a package folder in it; returns the commit.
    private func repository(_ name: String) throws -> (URL, String) {
        let repository = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent("Sources"),
            withIntermediateDirectories: true
        )
        try git("init", "-q", in: repository)
        try "// swift-tools-version:6.1\n".write(
            to: repository.appendingPathComponent("Package.swift"),
            atomically: true,
            encoding: .utf8
        )
        try git("add", ".", in: repository)
        try git("commit", "-q", "-m", "one", in: repository)
        return (repository, try git("rev-parse", "HEAD", in: repository))
    }

    func testUntaggedCommitOnABranchIsTheShortCommit() throws {
        let (repository, commit) = try repository("root")
        XCTAssertEqual(SourceVersion.read(packageRoot: repository), String(commit.prefix(7)))
        // From a folder below the working copy's root (a package in a monorepo).
        XCTAssertEqual(
            SourceVersion.read(packageRoot: repository.appendingPathComponent("Sources")),
            String(commit.prefix(7))
        )
    }

    func testLooseLightweightTagAndTheHighestOfSeveral() throws {
        let (repository, _) = try repository("tagged")
        try git("tag", "9.9.9", in: repository)
        XCTAssertEqual(SourceVersion.read(packageRoot: repository), "9.9.9")
        try git("tag", "9.10.0", in: repository)
        try git("tag", "nightly", in: repository)
        XCTAssertEqual(SourceVersion.read(packageRoot: repository), "9.10.0")
    }

    /// As SwiftPM checks out a versioned dependency: a clone detached at the tag's commit, the
    /// tags packed (annotated ones peeled on a `^` line).
    func testDetachedCloneWithPackedAnnotatedTag() throws {
        let (repository, commit) = try repository("origin")
        try git("tag", "-a", "6.10.99", "-m", "release", in: repository)
        try git("commit", "-q", "--allow-empty", "-m", "two", in: repository)
        let checkout = folder.appendingPathComponent("checkouts/rxtrace")
        try git("clone", "-q", repository.path, checkout.path, in: folder)
        try git("checkout", "-q", "--detach", commit, in: checkout)
        XCTAssertTrue(
            try String(contentsOf: checkout.appendingPathComponent(".git/packed-refs"), encoding: .utf8).contains(
                "^\(commit)"
            )
        )
        XCTAssertEqual(SourceVersion.read(packageRoot: checkout), "6.10.99")
        try git("checkout", "-q", "main", in: checkout)
        XCTAssertEqual(
            SourceVersion.read(packageRoot: checkout),
            String(try git("rev-parse", "HEAD", in: checkout).prefix(7))
        )
    }

    /// Several tags on the resolved commit: the one SwiftPM resolved, from its workspace state.
    func testVersionSwiftPMResolvedWinsAmongTagsOfOneCommit() throws {
        let (repository, _) = try repository("origin")
        try git("tag", "1.0.5", in: repository)
        try git("tag", "6.10.99", in: repository)
        let scratch = folder.appendingPathComponent("app/.build")
        try git("clone", "-q", repository.path, scratch.appendingPathComponent("checkouts/rxtrace").path, in: folder)
        XCTAssertEqual(SourceVersion.read(packageRoot: scratch.appendingPathComponent("checkouts/rxtrace")), "6.10.99")
        let state = """
            {"object": {"artifacts": [], "dependencies": [
              {"basedOn": null, "packageRef": {"identity": "rxtrace", "kind": "remoteSourceControl", "location": "file:///x/rxtrace", "name": "rxtrace"},
               "state": {"checkoutState": {"revision": "0", "version": "1.0.5"}, "name": "sourceControlCheckout"}, "subpath": "rxtrace"}
            ], "prebuilts": []}, "version": 7}
            """
        try state.write(to: scratch.appendingPathComponent("workspace-state.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(SourceVersion.read(packageRoot: scratch.appendingPathComponent("checkouts/rxtrace")), "1.0.5")
    }

    /// A linked worktree: `.git` is a file naming the worktree's git folder, whose refs live in
    /// the main repository's.
    func testLinkedWorktree() throws {
        let (repository, commit) = try repository("main")
        try git("tag", "1.2.3", in: repository)
        let worktree = folder.appendingPathComponent("worktree")
        try git("worktree", "add", "-q", "--detach", worktree.path, commit, in: repository)
        XCTAssertEqual(SourceVersion.read(packageRoot: worktree), "1.2.3")
    }

    func testNoWorkingCopyHasNoVersion() {
        XCTAssertNil(SourceVersion.read(packageRoot: URL(fileURLWithPath: "/proc/self")))
    }

    /// This build's header carries the version of the sources it was built from, as git itself
    /// tells it (this repository's branch commit when untagged).
    func testThisBuildsVersionIsTheCheckedOutTagOrCommit() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let tags = try git("tag", "--points-at", "HEAD", in: root).split(separator: "\n").map(String.init)
        let commit = try git("rev-parse", "HEAD", in: root)
        let expected = tags.max(by: SourceVersion.precedes) ?? String(commit.prefix(7))
        XCTAssertEqual(ToolInfo.rxtrace.version, expected)
        // Issue 31: the header names the commit built beside the version, which a local clone's
        // or a mirror's tag may be (`6.10.99`).
        XCTAssertEqual(ToolInfo.rxtrace.commit, String(commit.prefix(7)))
        let header = expected == String(commit.prefix(7)) ? expected : "\(expected) (commit \(commit.prefix(7)))"
        XCTAssertTrue(
            TextReportRenderer(colour: false).render(RunReport(scenarios: [])).hasPrefix("rxtrace \(header) · ")
        )
        XCTAssertEqual(
            ToolInfo(name: "rxtrace", version: "6.10.99", commit: "1a2b3c4").nameAndVersion,
            "rxtrace 6.10.99 (commit 1a2b3c4)"
        )
    }

    func testSARIFSemanticVersionOnlyForVersions() {
        XCTAssertTrue(SARIFReportRenderer.isSemanticVersion("9.9.9"))
        XCTAssertTrue(SARIFReportRenderer.isSemanticVersion("1.0.0-rc.1+build.5"))
        XCTAssertFalse(SARIFReportRenderer.isSemanticVersion("d13bb85"))
        XCTAssertFalse(SARIFReportRenderer.isSemanticVersion("v1.0"))
    }
}
