#if TRACE_RESOURCES
import Foundation
@testable import RxTrace
@testable import RxTraceReport
@testable import RxTraceAnalysis
@testable import RxTraceRunner
import XCTest

/// Signatures survive unrelated edits and change when the leak changes (LeakSignature v2).
final class SignatureTests: FolderTestCase {
    /// The signature of a leak whose `subscribe` call is line `line` of `source`, read as the
    /// analysis reads it (a fresh cache, as a new process would).
    private func signature(
        _ source: String,
        line: Int,
        function: String = "FeedViewModel.bind()",
        chain: [String] = ["interval", "map", "subscribe"]
    ) throws -> String {
        let path = try write(source, as: "Feed.swift")
        let site = SymbolicatedFrame(address: 1, function: function, file: path, line: line, origin: .user)
        return LeakSignature.make(
            callSite: site,
            chain: chain,
            types: ["TimerSink<MapSink<Int, AnonymousObserver<String>>>", "MapSink<Int, AnonymousObserver<String>>"],
            kinds: [.sink],
            sources: SourceLines()
        )
    }

    /// `source` as a new version of the file `name`: a folder per version, since only the
    /// file's name enters the signature.
    private func write(_ source: String, as name: String) throws -> String {
        let version = folder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        let path = version.appendingPathComponent(name).path
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The signature of the unreleased-object finding a scenario reports when the object it
    /// passed to `expectReleased` on line `line` of `source` stays alive.
    private func unreleasedObjectSignature(_ source: String, line: Int) throws -> String? {
        let path = try write(source, as: "main.swift")
        var kept: [NSObject] = []
        let scenario = Scenario("feed-screen", summary: "keeps every screen", expect: .leak) { context in
            let screen = NSObject()
            kept.append(screen)
            context.expectReleased(screen, name: "FeedScreen", file: path, line: line)
        }
        let report = ScenarioRunner(passes: 2).run(scenario)
        XCTAssertEqual(kept.count, 2)
        return report.findings.first { $0.kind == .unreleasedObject }?.signature
    }

    private let scenarios = """
        let scenarios = [
            Scenario("feed-screen", summary: "open the feed, close it") { context in
                let screen = FeedScreen()
                context.expectReleased(screen, name: "FeedScreen")
            },
        ]
        """

    private let feed = """
        final class FeedViewModel {
            func bind() {
                Observable<Int>.interval(.seconds(1), scheduler: scheduler)
                    .map { "\\($0)" }
                    .subscribe(onNext: { print($0) })
            }
        }
        """

    func testLinesInsertedAboveKeepTheSignature() throws {
        let before = try signature(feed, line: 5)
        let edited =
            "// Copyright 2026\nimport Foundation\n\n"
            + feed.replacingOccurrences(
                of: "    func bind() {",
                with: "    func bind() {\n        // Ticks for the feed.\n"
            )
        XCTAssertEqual(try signature(edited, line: 10), before, "3 lines above the class, 2 inside the function")
        XCTAssertEqual(
            try signature(
                feed.replacingOccurrences(of: "                .subscribe", with: "            .subscribe"),
                line: 5
            ),
            before,
            "indentation"
        )
    }

    /// A team's baseline lists the objects its scenarios leave alive; a scenario or comment
    /// added above one must not make it new (the signature held the line number before).
    func testAnUnreleasedObjectKeepsItsSignatureWhenLinesAreAddedAbove() throws {
        let before = try XCTUnwrap(try unreleasedObjectSignature(scenarios, line: 4))
        let edited = "import FeedKit\n\n// The app's leak scenarios.\n" + scenarios
        XCTAssertEqual(try unreleasedObjectSignature(edited, line: 7), before, "3 lines added above the scenario")
        XCTAssertTrue(before.hasPrefix("object:FeedScreen@main.swift:"), before)
        let another = scenarios.replacingOccurrences(
            of: "expectReleased(screen,",
            with: "expectReleased(screen.header,"
        )
        XCTAssertNotEqual(
            try unreleasedObjectSignature(another, line: 4),
            before,
            "the expectReleased line's text changed"
        )
    }

    func testEditingTheChainAtTheCallSiteMakesANewSignature() throws {
        let before = try signature(feed, line: 5)
        let edited = feed.replacingOccurrences(
            of: ".subscribe(onNext: { print($0) })",
            with: ".subscribe(onNext: { [weak self] in self?.show($0) })"
        )
        XCTAssertNotEqual(try signature(edited, line: 5), before, "the call-site line's text changed")
        XCTAssertNotEqual(
            try signature(feed, line: 5, chain: ["interval", "map", "filter", "subscribe"]),
            before,
            "an operator added"
        )
        XCTAssertNotEqual(try signature(feed, line: 5, function: "FeedViewModel.refresh()"), before, "another function")
    }

    func testTwoIdenticalSubscribeLinesInOneFunctionAreTwoSignatures() throws {
        let twice = feed.replacingOccurrences(
            of: "                .subscribe(onNext: { print($0) })\n",
            with:
                "                .subscribe(onNext: { print($0) })\n            Observable<Int>.interval(.seconds(1), scheduler: scheduler)\n                .map { \"\\($0)\" }\n                .subscribe(onNext: { print($0) })\n"
        )
        let first = try signature(twice, line: 5)
        let second = try signature(twice, line: 8)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(first, try signature(feed, line: 5), "the first keeps the signature it had alone")
    }

    func testClosureNumbersAndUnreadableSourcesFallBack() {
        XCTAssertEqual(
            LeakSignature.withoutClosureNumbers("closure #2 in closure #13 in Feed.bind()"),
            "closure in closure in Feed.bind()"
        )
        let missing = SymbolicatedFrame(
            address: 1,
            function: "Feed.bind()",
            file: "/nonexistent/Feed.swift",
            line: 7,
            origin: .user
        )
        XCTAssertEqual(LeakSignature.lineIdentity(missing, sources: SourceLines()), "line:7")
    }
}
#endif
