import Foundation
import XCTest

@testable import RxTrace
@testable import RxTraceAnalysis
@testable import RxTraceReport
@testable import RxTraceRunner

/// `rxtrace test`'s own logic, without building a package: how tests are split, selected and
/// attributed, what a build failure shows, and how the reports name tests.
final class TestSuiteRunnerTests: XCTestCase {
    private func xctest(_ name: String) -> TestUnit { TestUnit(library: .xctest, test: name) }

    func testPartitionsAreContiguousCoverEveryTestAndNeverOutnumberTheJobs() {
        let tests = (1...7).map { xctest("M.C/test\($0)") }
        let parts = TestSuiteRunner.partition(tests, into: 3)
        XCTAssertEqual(parts.count, 3)
        XCTAssertEqual(parts.flatMap { $0 }, tests, "in order, each test once")
        XCTAssertEqual(parts.map(\.count), [3, 3, 1])
        XCTAssertEqual(TestSuiteRunner.partition(Array(tests.prefix(2)), into: 4).count, 2, "no empty process")
    }

    func testTheRunningTestIsTheLastStartedThatDidNotEnd() {
        XCTAssertNil(TestSuiteRunner.running([]))
        XCTAssertEqual(TestSuiteRunner.running([.started("a"), .ended("a"), .started("b")]), "b")
        XCTAssertNil(TestSuiteRunner.running([.started("a"), .ended("a"), .started("b"), .ended("b")]))
        // A second run of the same test starts again before it ends: still that test.
        XCTAssertEqual(TestSuiteRunner.running([.started("a"), .started("a")]), "a")
    }

    func testABuildFailureShowsTheCompilersFirstErrorsOnce() {
        let output = """
            Building for debugging...
            /p/Tests/T.swift:3:5: error: cannot find 'nope' in scope
              |     `- error: cannot find 'nope' in scope
            /p/Tests/T.swift:3:5: error: cannot find 'nope' in scope
            /p/Sources/S.swift:9:1: error: expected '}'
            error: fatalError
            """
        XCTAssertEqual(
            TestPackageBuild.firstErrors(output),
            [
                "/p/Tests/T.swift:3:5: error: cannot find 'nope' in scope",
                "/p/Sources/S.swift:9:1: error: expected '}'",
                "error: fatalError",
            ]
        )
        XCTAssertEqual(
            TestPackageBuild.firstErrors("a\nb\n\nlast"),
            ["a", "b", "last"],
            "no error line: the output's end"
        )
    }

    func testTheConfigurationFollowsTheBuildArguments() {
        XCTAssertEqual(TestPackageBuild(packagePath: "/p").configuration, "debug")
        XCTAssertEqual(TestPackageBuild(packagePath: "/p", extraArguments: ["-c", "release"]).configuration, "release")
        XCTAssertEqual(
            TestPackageBuild(packagePath: "/p", extraArguments: ["--configuration=release"]).configuration,
            "release"
        )
        XCTAssertEqual(TestPackageBuild.environment([:])["RXTRACE_TEST_SESSION_BUILD"], "1")
        XCTAssertEqual(TestPackageBuild.environment([:])["RXTRACE_TRACE_RESOURCES"], "1")
    }

    func testFilterAndShardSelectWholeTestsInTheBinarysOrder() throws {
        let all = ["A.X/testOne", "A.X/testTwo", "A.Y/testThree", "A.f()"].map(xctest)
        var pipeline = TestPipeline(packagePath: "/p", output: "/tmp/out")
        pipeline.filter = "test(One|Three)"
        XCTAssertEqual(try pipeline.select(all).map(\.test), ["A.X/testOne", "A.Y/testThree"])
        pipeline.filter = nil
        pipeline.shard = "1/2"
        let first = try pipeline.select(all).map(\.test)
        pipeline.shard = "2/2"
        let second = try pipeline.select(all).map(\.test)
        XCTAssertEqual(Set(first).union(second), Set(all.map(\.test)))
        XCTAssertTrue(Set(first).isDisjoint(with: second))
        pipeline.shard = nil
        pipeline.filter = "nothing-matches"
        XCTAssertThrowsError(try pipeline.select(all)) { error in
            XCTAssertEqual(
                (error as? BadInput)?.message,
                "no test matches --filter 'nothing-matches' (4 tests in the package)"
            )
        }
    }

    func testStrictFailsOnWhatTheHarnessKeepsAndOnAnomaliesAndNeverLiftsTheUsersRules() {
        let harness = SuppressionRule(
            kind: .any,
            conditions: [],
            reason: "held by the test case",
            file: TestSessionFolder.harnessRuleFile
        )
        let user = SuppressionRule(kind: .leak, conditions: [], reason: "vendor", file: "suppressions.txt")
        let report = ScenarioReport(
            name: "M.C/testA",
            summary: "XCTest test",
            expectedVerdict: .clean,
            actualVerdict: .leak,
            status: .leaked,
            findings: [
                LeakFinding(signature: "a", kind: .leakedSubscription, count: 1, suppressedBy: harness),
                LeakFinding(signature: "b", kind: .leakedSubscription, count: 1, suppressedBy: user),
                LeakFinding(signature: "c", kind: .threadAnomaly, count: 1),
            ]
        )
        let lenient = TestPipeline.applyingTestRules(report, strict: false)
        XCTAssertTrue(lenient.passed, "what only the harness keeps and anomalies do not fail")
        XCTAssertEqual(lenient.findings.map(\.suppressedBy), [harness, user, TestPipeline.anomalyRule])
        let strict = TestPipeline.applyingTestRules(report, strict: true)
        XCTAssertEqual(strict.findings.map(\.suppressedBy), [nil, user, nil], "the user's own suppressions stay")
        XCTAssertFalse(strict.passed)
        let text = TextReportRenderer(colour: false).render(lenient)
        XCTAssertTrue(text.contains("    not failing: held by the test case\n"), text)
        XCTAssertTrue(text.contains("    suppressed by leak — vendor\n"), "a user's rule reads as before")
        var leaking = report
        leaking.findings[0].suppressedBy = nil
        XCTAssertFalse(TestPipeline.applyingTestRules(leaking, strict: false).passed, "a leak fails")
    }

    func testTheSessionFilesSurviveALastLineCutShortByACrash() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxtrace-session-test-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = TestSessionFolder(path: folder.path)
        let unit = TestUnit(
            library: .swiftTesting,
            test: "M.S/f(x:)",
            testID: "M.S/f(x:)/F.swift:3:4",
            caseName: "2",
            caseID: "c2"
        )
        session.recordStart(unit.testID!)
        session.record(
            .init(
                unit: unit,
                report: ScenarioReport(
                    name: unit.reportName,
                    summary: "Swift Testing test",
                    expectedVerdict: .clean,
                    actualVerdict: .clean,
                    status: .clean
                )
            )
        )
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: session.resultsFile))
        handle.seekToEndOfFile()
        handle.write(Data("{\"unit\": {\"libr".utf8))
        try handle.close()
        XCTAssertEqual(session.readResults().map(\.unit), [unit])
        XCTAssertEqual(session.readResults().first?.report.name, "M.S/f(x:) [2]")
        XCTAssertEqual(session.readProgress(), [.started("M.S/f(x:)/F.swift:3:4")])
    }

    /// The user's Package.resolved is what it was after a run, and after a run killed mid-build.
    func testTheUsersPinsComeBackAfterARunAndAfterAKilledOne() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-pins-\(UUID().uuidString)")
        let scratch = root.appendingPathComponent(".build/rxtrace-test")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Package.resolved")
        func pins() -> PackagePins { PackagePins(packagePath: root.path, scratchPath: scratch.path) }
        func contents() -> String? { try? String(contentsOf: file, encoding: .utf8) }
        try Data("user".utf8).write(to: file)
        let first = pins()
        try Data("traced".utf8).write(to: file)  // what the traced build resolves
        first.restore()
        XCTAssertEqual(contents(), "user")
        // The next run starts from the traced pins it saved; killed, it never restores.
        _ = pins()
        XCTAssertEqual(contents(), "traced")
        let afterTheKill = pins()
        XCTAssertEqual(contents(), "traced")
        afterTheKill.restore()
        XCTAssertEqual(contents(), "user")
        // A package without the file has none after a killed run either.
        try FileManager.default.removeItem(at: file)
        _ = pins()
        XCTAssertEqual(contents(), "traced")
        pins().restore()
        XCTAssertNil(contents())
    }

    /// SwiftPM's cached build plan is kept unless a path dependency could have gained a file.
    func testTheBuildIsPlannedAnewOnlyForAPackageWithAPathDependency() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        XCTAssertFalse(TestPackageBuild.plansAnew(scratchPath: scratch.path), "a first build has nothing cached")
        func state(_ kinds: [String]) throws {
            let dependencies = kinds.map { #"{"packageRef": {"kind": "\#($0)", "identity": "x"}, "state": {}}"# }
            let text = #"{"object": {"dependencies": [\#(dependencies.joined(separator: ","))]}, "version": 7}"#
            try Data(text.utf8).write(to: scratch.appendingPathComponent("workspace-state.json"))
        }
        try state(["remoteSourceControl", "localSourceControl"])
        XCTAssertFalse(TestPackageBuild.plansAnew(scratchPath: scratch.path))
        try state(["remoteSourceControl", "fileSystem"])
        XCTAssertTrue(TestPackageBuild.plansAnew(scratchPath: scratch.path))
    }

    /// The runner announces each test as it ends, reading only what was added to the results.
    func testTheResultReaderReadsEachWholeLineOnceAsTheFileGrows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxtrace-session-test-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = TestSessionFolder(path: folder.path)
        func result(_ name: String) -> TestSessionFolder.Result {
            let unit = TestUnit(library: .xctest, test: name)
            let report = ScenarioReport(
                name: name,
                summary: "XCTest test",
                expectedVerdict: .clean,
                actualVerdict: .clean,
                status: .clean
            )
            return .init(unit: unit, report: report)
        }
        var reader = TestSessionFolder.ResultReader(session)
        reader.readNew()
        XCTAssertTrue(reader.results.isEmpty)
        session.record(result("M.C/testA"))
        reader.readNew()
        XCTAssertEqual(reader.results.map(\.unit.test), ["M.C/testA"])
        // A line being written waits for its newline; the whole line is then read once.
        let line = try String(decoding: JSONEncoder().encode(result("M.C/testB")), as: UTF8.self)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: session.resultsFile))
        handle.seekToEndOfFile()
        handle.write(Data(line.prefix(10).utf8))
        reader.readNew()
        XCTAssertEqual(reader.results.map(\.unit.test), ["M.C/testA"])
        handle.write(Data((line.dropFirst(10) + "\n").utf8))
        try handle.close()
        reader.readNew()
        reader.readNew()
        XCTAssertEqual(reader.results.map(\.unit.test), ["M.C/testA", "M.C/testB"])
    }

    func testReportsNameTheirEntriesTestsAndJUnitSplitsClassAndMethod() throws {
        var run = RunReport(scenarios: [
            ScenarioReport(
                name: "FeedTests.FeedScreenXCTests/testLeaks",
                summary: "XCTest test",
                expectedVerdict: .clean,
                actualVerdict: .clean,
                status: .clean
            )
        ])
        let scenarioJSON = try JSONSerialization.jsonObject(with: JSONEncoder().encode(run)) as? [String: Any]
        XCTAssertNil(scenarioJSON?["subject"], "a scenario run's JSON is unchanged")
        run.subject = .tests
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(run)) as? [String: Any]
        XCTAssertEqual(json?["subject"] as? String, "tests")
        XCTAssertEqual(try JSONDecoder().decode(RunReport.self, from: JSONEncoder().encode(run)).subject, .tests)
        XCTAssertTrue(TextReportRenderer(colour: false).render(run).contains(" · 1 test · "))
        XCTAssertTrue(TextReportRenderer(colour: false).summaryLine(run).hasPrefix("Summary: 1 test · "))
        let markdown = MarkdownReportRenderer().render(run)
        XCTAssertTrue(markdown.contains("<summary>Tests: 1</summary>\n\n| Test | Outcome | Leak check |"), markdown)
        let html = HTMLReportRenderer().render(run)
        XCTAssertTrue(
            html.contains(">Tests in detail<") && html.contains(">Test</th>"),
            "the HTML names its entries tests"
        )

        XCTAssertEqual(
            JUnitReportRenderer.testcaseNames(
                "FeedTests.FeedScreenXCTests/testLeaks",
                subject: .tests,
                classname: "rxtrace"
            ).0,
            "FeedTests.FeedScreenXCTests"
        )
        XCTAssertEqual(
            JUnitReportRenderer.testcaseNames("FeedTests.S/f(x:) [a/b]", subject: .tests, classname: "rxtrace").1,
            "f(x:) [a/b]"
        )
        XCTAssertEqual(
            JUnitReportRenderer.testcaseNames("FeedTests.plain()", subject: .tests, classname: "rxtrace").0,
            "FeedTests"
        )
        XCTAssertEqual(
            JUnitReportRenderer.testcaseNames("leaky-screen", subject: .scenarios, classname: "rxtrace").0,
            "rxtrace"
        )
    }
}
