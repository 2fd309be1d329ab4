#if TRACE_RESOURCES
import Foundation
import RxTrace
import RxTraceScenarios
import XCTest

/// Every built-in scenario gets exactly the verdict it declares, through the real runner: the
/// shipped executable, one child process per scenario.
final class CatalogVerdictTests: XCTestCase {
    func testEveryBuiltInScenarioGetsItsExpectedVerdict() throws {
        let output = try CLIHarness.temporaryFolder()
        let result = try CLIHarness.run(
            "rxtrace",
            ["run", "--all", "--output", output.path, "--jobs", "2", "--no-color"]
        )
        let data = try Data(contentsOf: output.appendingPathComponent("rxtrace.json"))
        let report = try JSONReportCoding.decode(data)

        XCTAssertEqual(
            report.scenarios.map(\.name),
            BuiltInScenarios.all.map(\.name),
            "every scenario is reported, in catalogue order"
        )
        for scenario in BuiltInScenarios.all {
            guard let got = report.scenarios.first(where: { $0.name == scenario.name }) else { continue }
            XCTAssertEqual(
                got.actualVerdict,
                scenario.expected,
                "\(scenario.name): \(got.failureReasons)\n\(got.output ?? "")"
            )
        }
        XCTAssertEqual(result.exitCode, 0, "run --all exits 0 when every verdict is as expected:\n\(result.stdout)")
        XCTAssertEqual(
            CLIHarness.files(in: output),
            [
                "rxtrace-status.json", "rxtrace-status.txt", "rxtrace.html", "rxtrace.json", "rxtrace.junit.xml",
                "rxtrace.md", "rxtrace.sarif", "rxtrace.txt",
            ]
        )
        XCTAssertEqual(
            result.stdout.split(separator: "\n").last.map(String.init),
            "rxtrace: status=passed exit=0 scenarios=\(report.scenarios.count) passed=\(report.scenarios.count) failed=0 crashed=0 leaking=\(report.scenarios.filter(\.isLeaking).count) new=0",
            "the last line is the run's status, for CI"
        )
    }

    func testLeakyScenariosNameTheirCallSiteAndReason() throws {
        let output = try CLIHarness.temporaryFolder()
        let result = try CLIHarness.run(
            "rxtrace",
            ["run", "interval-never-disposed", "data-provider-leaky", "--output", output.path]
        )
        let report = try JSONReportCoding.load(from: output.appendingPathComponent("rxtrace.json").path)
        // The terminal's last line before the status names the file to open.
        XCTAssertEqual(
            result.stdout.split(separator: "\n").dropLast().last.map(String.init),
            "Open \(output.appendingPathComponent("rxtrace.html").path) for every finding and scenario, with their source."
        )

        let interval = try XCTUnwrap(report.scenarios.first?.findings.first)
        XCTAssertEqual(interval.kind, .leakedSubscription)
        XCTAssertEqual(interval.operatorChain, ["interval", "map", "subscribe"])
        XCTAssertEqual(
            interval.callSite?.file.hasSuffix("IntervalScenarios.swift"),
            true,
            "\(String(describing: interval.callSite))"
        )
        XCTAssertEqual(
            interval.retentionReason,
            "kept alive by the periodic timer of SerialDispatchQueueScheduler(ticker)"
        )
        XCTAssertEqual(interval.countPerPass, [1, 1])
        // The source around the call site, read when the report was made, the subscribe line highlighted.
        let snippet = try XCTUnwrap(interval.snippet)
        XCTAssertEqual(snippet.highlightedLine, interval.callSite?.line)
        XCTAssertTrue(snippet.highlightedText?.contains("subscribe(onNext:") ?? false, "\(snippet)")
        XCTAssertEqual(snippet.lines.count, 7)
        // The executable's main (SwiftPM names it rxtrace_main) is the user's top-level code.
        XCTAssertEqual(
            interval.backtrace.last { $0.origin == .user }?.function,
            "main",
            "\(interval.backtrace.map(\.function))"
        )
        XCTAssertFalse(interval.backtrace.contains { $0.function == "rxtrace_main" })
        // The path from the timer's handler down to the subscription's observer.
        let timerPath = try XCTUnwrap(interval.retentionPath)
        XCTAssertEqual(timerPath.holder, "the periodic timer of SerialDispatchQueueScheduler(ticker)")
        XCTAssertEqual(
            timerPath.steps.map(\.typeName),
            [
                "closure context", "TimerSink<Int>", "MapSink<Int, Int>", "AnonymousObserver<Int>",
            ]
        )
        XCTAssertEqual(timerPath.steps.first?.closure, "closure #1 in TimerSink.run()")

        let provider = try XCTUnwrap(report.scenarios.last?.findings.first)
        // Held by the provider's subject: the owner and its property are named.
        XCTAssertEqual(provider.retentionReason, "kept alive by DataProvider.subject")
        XCTAssertEqual(provider.retentionPath?.steps.first?.typeName, "DataProvider")
        XCTAssertEqual(provider.retentionPath?.steps.first?.via, "subject")
        XCTAssertEqual(provider.retentionPath?.steps.dropFirst().first?.typeName, "PublishSubject<Array<String>>")
        XCTAssertEqual(provider.retentionPath?.steps.last?.typeName, "AnonymousObserver<Array<String>>")
        XCTAssertEqual(provider.callSite?.file.hasSuffix("DataProviderScenarios.swift"), true)
        XCTAssertEqual(provider.growthPerPass, 1)
    }

    func testMorePassesShowGrowthPerPass() throws {
        let output = try CLIHarness.temporaryFolder()
        _ = try CLIHarness.run(
            "rxtrace",
            ["run", "data-provider-leaky", "serial-disposable-refresh", "--passes", "4", "--output", output.path]
        )
        let report = try JSONReportCoding.load(from: output.appendingPathComponent("rxtrace.json").path)
        XCTAssertEqual(report.scenarios[0].passes.count, 4)
        XCTAssertEqual(
            report.scenarios[0].findings.first?.countPerPass,
            [1, 1, 1, 1],
            "a per-use leak grows on every pass"
        )
        XCTAssertEqual(report.scenarios[1].findings, [], "a subscription replaced on every pass does not grow")
    }

    func testJUnitClassesTestCasesUnderTheExecutableThatRanThem() throws {
        let output = try CLIHarness.temporaryFolder()
        _ = try CLIHarness.run("rxtrace-fixtures", ["run", "clean", "--output", output.path])
        let junit = try String(contentsOf: output.appendingPathComponent("rxtrace.junit.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("<testcase classname=\"rxtrace-fixtures\" name=\"clean\""), junit)
    }
}
#endif
