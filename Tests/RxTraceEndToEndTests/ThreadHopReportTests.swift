#if TRACE_RESOURCES
import Foundation
import TestSupport
import RxCore
@testable import RxTrace
@testable import RxTraceReport
@testable import RxTraceAnalysis
@testable import RxTraceRunner
import RxTraceScenarios
import XCTest

/// The thread-hop report through the shipped executable: B18/B19/C22 name the scheduler of
/// every stage and declare the hops they run; each anomaly scenario reports exactly its anomaly
/// and each lookalike nothing.
final class ThreadHopReportTests: XCTestCase {
    private func run(_ scenarios: [String]) throws -> RunReport {
        let output = try CLIHarness.temporaryFolder()
        _ = try CLIHarness.run("rxtrace", ["run"] + scenarios + ["--output", output.path, "--no-color"])
        let text = try String(contentsOf: output.appendingPathComponent("rxtrace.json"), encoding: .utf8)
        let validation = try SchemaValidator.validate("json", text)
        XCTAssertEqual(validation.status, 0, validation.output)
        return try JSONReportCoding.decode(Data(text.utf8))
    }

    /// "stage@place" for each stage of chain `index`, source first.
    private func stages(_ scenario: ScenarioReport, chain index: Int) -> [String] {
        scenario.threadHops.filter { $0.chain == index }.sorted { ($0.position ?? 0) < ($1.position ?? 0) }
            .map { "\($0.stage)@\(ThreadHopText.placeSet($0.deliveredOn) ?? "-")" }
    }

    private func subscriber(_ scenario: ScenarioReport, chain index: Int) -> ReportThreadHop? {
        scenario.threadHops.first { $0.chain == index && $0.downstream == nil }
    }

    func testB18AndB19NameTheSchedulerOfEveryStage() throws {
        let report = try run(["observe-on-hops", "subscribe-on-hops", "merged-timers-hops"])
        for scenario in report.scenarios {
            XCTAssertEqual(scenario.actualVerdict, .hopsReported, "\(scenario.name): \(scenario.failureReasons)")
            XCTAssertTrue(scenario.passed, "\(scenario.name): \(scenario.failureReasons)")
        }
        let observeOn = report.scenarios[0]
        XCTAssertEqual(
            stages(observeOn, chain: 0),
            [
                "just@main", "observe(on: green)@green", "filter@green", "observe(on: red)@red", "map@red",
                "observe(on: green)@green", "subscribe@green",
            ]
        )
        XCTAssertEqual(subscriber(observeOn, chain: 0)?.chainHops, ["main", "green", "red", "green"])
        XCTAssertEqual(
            observeOn.threadHops.first { $0.stage == "filter" }?.scheduler,
            "SerialDispatchQueueScheduler(green)"
        )

        let subscribeOn = report.scenarios[1]
        XCTAssertEqual(
            stages(subscribeOn, chain: 0),
            [
                "just@blue", "observe(on: green)@green", "filter@green", "observe(on: red)@red", "map@red",
                "observe(on: green)@green", "subscribe(on: blue)@green", "subscribe@green",
            ]
        )
        XCTAssertEqual(subscriber(subscribeOn, chain: 0)?.chainSubscribedOn, "blue")
        // Two subscribeOn: the one nearest the source wins.
        XCTAssertEqual(
            stages(subscribeOn, chain: 1),
            [
                "just@blue", "observe(on: green)@green", "map@green", "subscribe(on: blue)@green",
                "subscribe(on: green)@green", "subscribe@green",
            ]
        )
        XCTAssertEqual(
            Set(
                subscribeOn.threadHops.first { $0.chain == 1 && $0.position == 0 }?.subscribedOn?.map(\.shortName) ?? []
            ),
            ["blue"]
        )
        // just(42, scheduler: blue) emits on blue although it is subscribed on green.
        XCTAssertEqual(stages(subscribeOn, chain: 2), ["just@blue", "subscribe(on: green)@blue", "subscribe@blue"])
        XCTAssertEqual(subscriber(subscribeOn, chain: 2)?.chainSubscribedOn, "green")

        let merged = report.scenarios[2]
        XCTAssertEqual(
            stages(merged, chain: 0),
            [
                "interval@red", "map@red", "interval@green", "map@green", "merge@green|red", "take@green|red",
                "subscribe@green|red",
            ]
        )
        XCTAssertEqual(merged.findings, [], "merge serialises the two timers: no anomaly")
    }

    func testC22HopsAndItsOffMainVariant() throws {
        let report = try run(["repository-model", "repository-model-off-main"])
        let clean = report.scenarios[0]
        XCTAssertEqual(clean.actualVerdict, .hopsReported, "\(clean.failureReasons)")
        XCTAssertEqual(subscriber(clean, chain: 0)?.chainHops, ["main", "background", "background", "main"])
        XCTAssertEqual(clean.findings, [])

        let offMain = report.scenarios[1]
        XCTAssertEqual(offMain.actualVerdict, .threadAnomaly)
        XCTAssertTrue(offMain.passed, "\(offMain.failureReasons)")
        let finding = try XCTUnwrap(offMain.findings.first)
        XCTAssertEqual(offMain.findings.count, 1)
        XCTAssertEqual(finding.kind, .threadAnomaly)
        XCTAssertEqual(finding.anomaly?.number, 4)
        XCTAssertEqual(finding.anomaly?.stage, "requireMainThread")
        XCTAssertEqual(finding.anomaly?.place.shortName, "background")
        // The consumer's call site: the subscription's line in RepositoryModel.
        XCTAssertEqual(
            finding.callSite?.file.hasSuffix("RepositoryScenarios.swift"),
            true,
            "\(String(describing: finding.callSite))"
        )
        XCTAssertEqual(
            finding.callSite?.function?.contains("RepositoryModel.init"),
            true,
            "\(String(describing: finding.callSite))"
        )
        let declared = offMain.threadHops.first { $0.chain == 0 && $0.stage == "requireMainThread" }
        XCTAssertEqual(declared?.anomaly, "offMainThread")
        XCTAssertEqual(subscriber(offMain, chain: 0)?.placeName, "background", "no observe(on: main) before it")
    }

    func testEachAnomalyScenarioReportsExactlyItsAnomalyAndEachLookalikeNothing() throws {
        let expected: [(String, Int?)] = [
            ("overlapping-on", 1), ("serialized-on", nil),
            ("event-after-terminal", 2), ("terminal-last", nil),
            ("event-after-dispose", 3), ("observe-on-disposed-on-serial", nil),
            ("disposed-while-delivering", 5), ("disposed-after-delivering", nil),
        ]
        let report = try run(expected.map(\.0))
        for (name, number) in expected {
            let scenario = try XCTUnwrap(report.scenarios.first { $0.name == name })
            XCTAssertTrue(scenario.passed, "\(name): \(scenario.failureReasons)")
            XCTAssertEqual(Set(scenario.findings.compactMap { $0.anomaly?.number }), number.map { [$0] } ?? [], name)
            XCTAssertTrue(scenario.findings.allSatisfy { $0.kind == .threadAnomaly }, name)
        }
        let overlap = try XCTUnwrap(report.scenarios.first { $0.name == "overlapping-on" }?.findings.first?.anomaly)
        XCTAssertNotNil(overlap.otherPlace, "the thread already inside on is named")
        XCTAssertNotEqual(overlap.otherBacktrace ?? [], [], "and its backtrace, captured as it left on")
        let disposal = try XCTUnwrap(
            report.scenarios.first { $0.name == "disposed-while-delivering" }?.findings.first?.anomaly
        )
        XCTAssertEqual(disposal.place.thread, "main")
        XCTAssertNotEqual(disposal.otherPlace?.thread, "main")
    }

    func testADeclaredHopSequenceThatDidNotRunFailsTheScenario() {
        let scenario = Scenario("wrong-hops", summary: "declares red where green ran", expect: .hopsReported) {
            context in
            let green = context.serialScheduler("green")
            // Completed on green while the main thread waits: a captured `var` would be a data
            // race (ThreadSanitizer reported it under `make sanitize`).
            let completed = DispatchSemaphore(value: 0)
            _ = Observable.just(1).observe(on: green).subscribe(onCompleted: { completed.signal() })
            context.wait(until: { completed.wait(timeout: .now()) == .success })
            context.expectHops(["main", "red"])
        }
        let report = ScenarioRunner(passes: 2, drainTimeout: 5).run(scenario)
        XCTAssertFalse(report.passed)
        XCTAssertEqual(report.hopExpectationFailures.count, 1)
        XCTAssertTrue(report.hopExpectationFailures[0].contains("ran: main → green"), report.hopExpectationFailures[0])
    }

    func testATextReportShowsEachChainOnTwoLines() throws {
        let report = try run(["observe-on-hops"])
        let text = TextReportRenderer().render(report)
        XCTAssertTrue(
            text.contains(
                "hops: just [main] → observe(on: green) → filter → observe(on: red) → map → observe(on: green) → subscribe [green]"
            ),
            text
        )
        XCTAssertTrue(text.contains("subscribed on main · hops main → green → red → green"), text)
        let html = HTMLReportRenderer().render(report)
        XCTAssertTrue(html.contains("<section class=\"hops\">"), "the HTML report draws the lanes")
        XCTAssertTrue(
            html.contains("aria-label=\"Lanes main, green, red; stages just → observe(on: green)"),
            "one lane per place"
        )
    }
}
#endif
