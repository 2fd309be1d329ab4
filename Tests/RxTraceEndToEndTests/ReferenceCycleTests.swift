#if TRACE_RESOURCES
import Foundation
import RxTrace
import XCTest

/// B13–B15 through the shipped CLI: the strong-self and method-reference scenarios report
/// exactly one reference cycle each, starting at the owner, with its property names and the
/// capturing closure's line; the weak and unowned twins report none.
final class ReferenceCycleTests: XCTestCase {
    private static var report: RunReport?
    private static var output: URL?

    private func report() throws -> RunReport {
        if let cached = Self.report { return cached }
        let output = try CLIHarness.temporaryFolder()
        Self.output = output
        _ = try CLIHarness.run(
            "rxtrace",
            [
                "run", "strong-self-cycle", "method-reference-cycle", "weak-self", "unowned-self",
                "with-unretained", "gitfeed-strong-self", "data-provider-strong-self",
                "--output", output.path, "--no-color",
            ]
        )
        let loaded = try JSONReportCoding.load(from: output.appendingPathComponent("rxtrace.json").path)
        Self.report = loaded
        return loaded
    }

    private func scenario(_ name: String) throws -> ScenarioReport {
        try XCTUnwrap(try report().scenarios.first { $0.name == name })
    }

    func testStrongSelfIsOneCycleThroughTheBagWithTheCapturingClosure() throws {
        let scenario = try scenario("strong-self-cycle")
        XCTAssertEqual(scenario.actualVerdict, .cycle)
        XCTAssertEqual(scenario.cycles.count, 1, "\(scenario.cycles)")
        let cycle = try XCTUnwrap(scenario.cycles.first)
        XCTAssertEqual(cycle.steps.first?.typeName, "Presenter")
        XCTAssertEqual(cycle.steps.first?.via, "disposeBag")
        XCTAssertEqual(
            cycle.steps.dropFirst().first.map { "\($0.typeName).\($0.via ?? "")" },
            "DisposeBag.disposables[0]"
        )
        let breakAt = try XCTUnwrap(cycle.breakAt)
        let edge = cycle.steps[breakAt]
        XCTAssertEqual(edge.closure?.hasPrefix("closure #"), true, "\(edge)")
        XCTAssertEqual(edge.closure?.hasSuffix("in Presenter.bind(_:capture:)"), true, "\(edge)")
        XCTAssertEqual(edge.location?.file.hasSuffix("RetentionScenarios.swift"), true)
        XCTAssertEqual(cycle.fix?.contains("[weak self]"), true)

        let finding = try XCTUnwrap(scenario.findings.first { $0.kind == .referenceCycle })
        XCTAssertEqual(finding.signature, cycle.signature)
        XCTAssertEqual(finding.callSite?.line, edge.location?.line, "the finding sits at the capturing closure's line")
        XCTAssertEqual(finding.growthPerPass, 1)
        XCTAssertEqual(finding.count, 1, "one finding per distinct cycle")
        XCTAssertEqual(cycle.count, 2, "the warm-up's owner and the measured pass's")
        // The leaked subscription and the unreleased owner point at the cycle.
        for other in scenario.findings where other.kind != .referenceCycle {
            XCTAssertEqual(other.retentionReason?.hasPrefix("on reference cycle \(cycle.signature)"), true, "\(other)")
            // Its fix is the cycle's: "add .disposed(by: disposeBag)" would not help, the owner's
            // bag is on the cycle (it read that before).
            XCTAssertEqual(other.fix, cycle.fix, "\(other)")
            XCTAssertEqual(other.fixHint.contains("[weak self]"), true, other.fixHint)
        }
    }

    func testMethodReferenceIsOneCycleNamingTheMethod() throws {
        let scenario = try scenario("method-reference-cycle")
        XCTAssertEqual(scenario.actualVerdict, .cycle)
        XCTAssertEqual(scenario.cycles.count, 1)
        let cycle = try XCTUnwrap(scenario.cycles.first)
        XCTAssertEqual(cycle.steps.first?.typeName, "Presenter")
        let edge = cycle.steps[try XCTUnwrap(cycle.breakAt)]
        XCTAssertEqual(edge.closure, "method reference Presenter.transform(_:)")
        // The line where `map(transform)` is written (its thunk's declaration line).
        let location = try XCTUnwrap(edge.location)
        XCTAssertEqual(location.file.hasSuffix("RetentionScenarios.swift"), true)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file =
            location.file.hasPrefix("/")
            ? URL(fileURLWithPath: location.file) : root.appendingPathComponent(location.file)
        let source = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(
            source.split(separator: "\n", omittingEmptySubsequences: false)[location.line - 1].contains(
                "map(transform)"
            )
        )
    }

    func testTheLeakyGitFeedAndDataProviderScreensAreOneCycleEach() throws {
        for (name, owner) in [("gitfeed-strong-self", "FeedScreen"), ("data-provider-strong-self", "ItemsScreen")] {
            let scenario = try scenario(name)
            XCTAssertEqual(scenario.actualVerdict, .cycle, name)
            XCTAssertEqual(scenario.cycles.count, 1, name)
            let cycle = try XCTUnwrap(scenario.cycles.first)
            XCTAssertEqual(cycle.steps.first?.typeName, owner)
            XCTAssertEqual(cycle.steps.first?.via, "disposeBag")
            let edge = cycle.steps[try XCTUnwrap(cycle.breakAt, name)]
            XCTAssertEqual(
                edge.closure?.hasSuffix("in \(owner).\(owner == "FeedScreen" ? "bind(_:strongSelf:)" : "show(_:_:)")"),
                true,
                "\(edge)"
            )
            XCTAssertNotNil(edge.location, name)
        }
    }

    func testWeakUnownedAndWithUnretainedTwinsHaveNoCycle() throws {
        for name in ["weak-self", "unowned-self", "with-unretained"] {
            let scenario = try scenario(name)
            XCTAssertEqual(scenario.actualVerdict, .clean, name)
            XCTAssertEqual(scenario.cycles, [], name)
        }
    }

    func testSARIFPutsTheCycleAtTheEdgeToBreakWithThePathAsACodeFlow() throws {
        let cycle = try XCTUnwrap(try scenario("strong-self-cycle").cycles.first)
        let edge = cycle.steps[try XCTUnwrap(cycle.breakAt)]
        let data = try Data(contentsOf: try XCTUnwrap(Self.output).appendingPathComponent("rxtrace.sarif"))
        let sarif = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try XCTUnwrap(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let rx002 = results.filter {
            $0["ruleId"] as? String == "RX002"
                && (($0["properties"] as? [String: Any])?["scenario"] as? String) == "strong-self-cycle"
        }
        XCTAssertEqual(rx002.count, 1)
        let result = try XCTUnwrap(rx002.first)
        let physical = try XCTUnwrap(
            ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any]
        )
        XCTAssertEqual((physical["region"] as? [String: Any])?["startLine"] as? Int, edge.location?.line)
        let flow = try XCTUnwrap((result["codeFlows"] as? [[String: Any]])?.first)
        let locations = try XCTUnwrap(
            ((flow["threadFlows"] as? [[String: Any]])?.first?["locations"]) as? [[String: Any]]
        )
        XCTAssertEqual(locations.count, cycle.steps.count)
        XCTAssertEqual(
            locations.compactMap { $0["importance"] as? String }.filter { $0 == "essential" }.count,
            1,
            "only the edge to break is essential"
        )
    }

    func testTheHTMLReportDrawsTheCycleAsAnInlineSVG() throws {
        _ = try report()
        let html = try String(
            contentsOf: try XCTUnwrap(Self.output).appendingPathComponent("rxtrace.html"),
            encoding: .utf8
        )
        XCTAssertTrue(html.contains("<figure class=\"refgraph\"><svg"), "cycle graph drawn")
        XCTAssertTrue(html.contains("✂ .transform = closure #"), "the reference to break is marked")
        // The label names the cycle, how many of it are alive when more than one, and its fix.
        let label = try XCTUnwrap(
            html.range(of: #"aria-label="Reference cycle[^"]*""#, options: .regularExpression).map { String(html[$0]) },
            "the drawing has an accessible label"
        )
        XCTAssertTrue(label.contains(". Fix: "), label)
    }

    func testTheTextReportShowsTheTraceWithTheEdgeToBreak() throws {
        let output = try CLIHarness.temporaryFolder()
        let result = try CLIHarness.run("rxtrace", ["run", "strong-self-cycle", "--output", output.path, "--no-color"])
        XCTAssertTrue(result.stdout.contains("    cycle"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("      Presenter\n        .disposeBag\n      DisposeBag\n        .disposables[0]\n"),
            result.stdout
        )
        XCTAssertTrue(result.stdout.contains("✂ break this reference"), result.stdout)
        XCTAssertTrue(result.stdout.contains("fix: closure #"), result.stdout)
    }
}
#endif
