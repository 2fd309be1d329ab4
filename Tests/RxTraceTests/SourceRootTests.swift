import Foundation
import RxTrace
import TestSupport
import XCTest

/// Report paths are relative to the repository root wherever rxtrace is started.
final class SourceRootTests: XCTestCase {
    private func tree(_ folders: [String], gitFile: Bool = false) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-root-\(UUID().uuidString)")
        for folder in folders {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder),
                withIntermediateDirectories: true
            )
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    func testTheNearestFolderHoldingGitAboveTheWorkingDirectoryIsTheRoot() throws {
        let mono = try tree([".git", "apps/feed/Sources/FeedKit"])
        XCTAssertEqual(SourceRoot.discover(from: mono.appendingPathComponent("apps/feed").path).path, mono.path)
        XCTAssertEqual(SourceRoot.discover(from: mono.appendingPathComponent("apps/feed/Sources").path).path, mono.path)
        XCTAssertEqual(SourceRoot.discover(from: mono.path).path, mono.path)
    }

    func testAGitFileMarksTheRootOfAWorktreeOrSubmodule() throws {
        let outer = try tree([".git", "vendor/lib/Sources"])
        FileManager.default.createFile(
            atPath: outer.appendingPathComponent("vendor/lib/.git").path,
            contents: Data("gitdir: ../../.git/modules/lib\n".utf8)
        )
        XCTAssertEqual(
            SourceRoot.discover(from: outer.appendingPathComponent("vendor/lib/Sources").path).path,
            outer.appendingPathComponent("vendor/lib").path
        )
    }

    func testWithoutGitTheWorkingDirectoryIsTheRoot() throws {
        let plain = try tree(["pkg/Sources"])
        // /tmp has no .git above it on a normal machine; the search stops at the start folder.
        let start = plain.appendingPathComponent("pkg").path
        let found = SourceRoot.discover(from: start)
        XCTAssertTrue(found.path == start || FileManager.default.fileExists(atPath: found.path + "/.git"), found.path)
    }

    func testPathsInsideOutsideAndCompilerGenerated() {
        let root = SourceRoot(path: "/home/me/mono/")
        XCTAssertEqual(root.path, "/home/me/mono")
        XCTAssertEqual(
            root.locate("/home/me/mono/apps/feed/Sources/FeedKit/Feed.swift"),
            .repository("apps/feed/Sources/FeedKit/Feed.swift")
        )
        XCTAssertEqual(
            root.locate("/home/me/mono/apps/./feed/../feed/Sources/A.swift"),
            .repository("apps/feed/Sources/A.swift")
        )
        XCTAssertEqual(
            root.locate("/home/me/mono/apps/feed/.build/checkouts/RxSwift/Sources/RxSwift/Map.swift"),
            .outside("RxSwift/Sources/RxSwift/Map.swift")
        )
        XCTAssertEqual(
            root.locate("/work/rxtrace/Sources/RxCore/Operators/Map.swift"),
            .outside("rxtrace/Sources/RxCore/Operators/Map.swift")
        )
        XCTAssertEqual(
            root.locate("/home/build-user/swift/stdlib/public/core/Array.swift"),
            .outside("swift/stdlib/public/core/Array.swift")
        )
        XCTAssertEqual(root.locate("/usr/include/stdio.h"), .outside("include/stdio.h"))
        XCTAssertEqual(root.locate("//<compiler-generated>"), .compilerGenerated)
        XCTAssertEqual(root.locate("<compiler-generated>"), .compilerGenerated)
        XCTAssertEqual(root.locate("/home/me/mono-other/A.swift"), .outside("mono-other/A.swift"))
    }

    /// Seen from a package depending on a clone of rxtrace by path: its frames read
    /// `main/Sources/RxCore/Operators/Timer.swift:25`, the clone's folder name on this machine.
    /// rxtrace's own files read the same wherever it is checked out.
    func testRxtracesOwnFilesReadTheSameWhereverItIsCheckedOut() {
        let root = SourceRoot(path: "/home/me/app")
        XCTAssertEqual(
            root.locate("/work/main/Sources/RxCore/Operators/Timer.swift"),
            .outside("rxtrace/Sources/RxCore/Operators/Timer.swift")
        )
        XCTAssertEqual(
            root.locate("/opt/checkout-2/Sources/RxTraceTestSession/XCTestUnitObserver.swift"),
            .outside("rxtrace/Sources/RxTraceTestSession/XCTestUnitObserver.swift")
        )
        XCTAssertEqual(
            root.locate("/home/me/app/.build/checkouts/RxSwift/Sources/RxCore/Map.swift"),
            .outside("RxSwift/Sources/RxCore/Map.swift"),
            "a checkout keeps its package's name (a mirror of RxSwift's URL is named RxSwift)"
        )
        XCTAssertEqual(
            root.locate("/work/other/Sources/FeedKit/Feed.swift"),
            .outside("other/Sources/FeedKit/Feed.swift"),
            "not rxtrace's"
        )
    }

    func testAReportPathLeadsBackToTheFileForSnippets() {
        let root = SourceRoot(path: "/home/me/mono")
        XCTAssertEqual(root.absolutePath("apps/feed/Sources/A.swift"), "/home/me/mono/apps/feed/Sources/A.swift")
        XCTAssertNil(root.absolutePath("rxtrace/Sources/RxCore/Map.swift", base: .outside))
    }

    func testAScenarioReportIsPlacedAgainstTheRoot() {
        let root = SourceRoot(path: "/repo")
        var scenario = ScenarioReport(
            name: "s",
            summary: "",
            expectedVerdict: .clean,
            actualVerdict: .leak,
            status: .leaked
        )
        scenario.findings = [
            LeakFinding(
                signature: "x",
                kind: .leakedSubscription,
                count: 1,
                callSite: SourceLocation(file: "/repo/apps/feed/Sources/Feed.swift", line: 3, function: "f()"),
                backtrace: [
                    ReportFrame(
                        function: "map",
                        file: "/deps/rxtrace/Sources/RxCore/Map.swift",
                        line: 9,
                        origin: .rxCore
                    ),
                    ReportFrame(
                        function: "protocol witness",
                        file: "//<compiler-generated>",
                        line: 0,
                        origin: .swiftRuntime
                    ),
                    ReportFrame(function: "f()", file: "/repo/apps/feed/Sources/Feed.swift", line: 3, origin: .user),
                ]
            )
        ]
        let placed = scenario.locatingPaths(in: root).findings[0]
        XCTAssertEqual(
            placed.callSite,
            SourceLocation(file: "apps/feed/Sources/Feed.swift", line: 3, function: "f()", fileBase: .repository)
        )
        XCTAssertEqual(placed.backtrace[0].file, "rxtrace/Sources/RxCore/Map.swift")
        XCTAssertEqual(placed.backtrace[0].fileBase, SourcePathBase.outside)
        XCTAssertNil(placed.backtrace[1].file)
        XCTAssertNil(placed.backtrace[1].line)
        XCTAssertEqual(placed.backtrace[2].fileBase, SourcePathBase.repository)
    }

    func testSARIFLocatesRepositoryFilesUnderSRCROOTAndNamesNoMachineFolder() throws {
        var report = ReportFixtures.run()
        let leaky = try XCTUnwrap(report.scenarios.firstIndex { !$0.findings.isEmpty })
        report.scenarios[leaky].findings[0].backtrace[0] = ReportFrame(
            function: "map",
            file: "rxtrace/Sources/RxCore/Map.swift",
            line: 9,
            origin: .rxCore,
            fileBase: .outside
        )
        let text = SARIFReportRenderer().render(report)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try XCTUnwrap((document["runs"] as? [[String: Any]])?.first)
        let bases = try XCTUnwrap(run["originalUriBaseIds"] as? [String: [String: Any]])
        XCTAssertNotNil(bases["%SRCROOT%"]?["description"])
        XCTAssertNil(bases["%SRCROOT%"]?["uri"], "the root is not named by a machine path")
        let result = try XCTUnwrap((run["results"] as? [[String: Any]])?.first)
        let steps = try XCTUnwrap(
            ((result["codeFlows"] as? [[String: Any]])?.first?["threadFlows"] as? [[String: Any]])?.first?["locations"]
                as? [[String: Any]]
        )
        let outside = try XCTUnwrap(steps[0]["location"] as? [String: Any])
        XCTAssertNil(outside["physicalLocation"])
        XCTAssertEqual((outside["message"] as? [String: String])?["text"], "map (rxtrace/Sources/RxCore/Map.swift:9)")
        let validation = try SchemaValidator.validate("sarif", text)
        XCTAssertEqual(validation.status, 0, validation.output)
    }
}
