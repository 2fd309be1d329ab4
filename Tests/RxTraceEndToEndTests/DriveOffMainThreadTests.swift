#if TRACE_RESOURCES && DEBUG
import Foundation
@testable import RxTrace
@testable import RxTraceReport
@testable import RxTraceAnalysis
@testable import RxTraceRunner
import XCTest

/// `drive` and `emit` called off the main thread behave as RxCocoa 6.10's do in a debug build,
/// each in a child process (the fixture executable) whose report the test reads:
/// - `drive` stops the process: RxCocoa calls `MainScheduler.ensureRunningOnMainThread` with its
///   own message, which is a fatal error; rxtrace reports the scenario as crashed by the trap's
///   signal, with that message and "where it crashed" at the user's `drive` line;
/// - `emit` is legal there (RxCocoa does not check it: a Signal replays nothing, so nothing
///   arrives on the subscribing thread): the scenario runs to the end, its element delivered on
///   the main thread, and tracing reports no anomaly.
/// A build where the check does not stop (release) reports the off-main `drive` as a thread
/// anomaly at the `drive` line instead: `make cocoa-release-check`
/// (Tools/checks/cocoa-release-check.sh), since `swift test` builds debug only.
final class DriveOffMainThreadTests: XCTestCase {
    /// RxCocoa 6.10's message (RxCocoa/Traits/Driver/Driver+Subscription.swift), as fatalError prints it.
    private static let rxCocoaMessage = """
        Fatal error: `drive*` family of methods can be only called from `MainThread`.
        This is required to ensure that the last replayed `Driver` element is delivered on `MainThread`.
        """

    func testDriveOffTheMainThreadStopsADebugBuildWithRxCocoasMessage() throws {
        let output = try CLIHarness.temporaryFolder()
        let result = try CLIHarness.run(
            "rxtrace-fixtures",
            ["run", "drives-off-main-thread", "--output", output.path, "--no-color"]
        )

        XCTAssertEqual(result.exitCode, 3, result.stdout + result.stderr)
        let scenario = try XCTUnwrap(try Self.report(in: output).scenarios.first)
        // fatalError traps: SIGILL on x86_64 (ud2), SIGTRAP on arm64 (brk).
        guard case let .crashed(signal, exitCode) = scenario.status else {
            return XCTFail("expected a crash, got \(scenario.status)")
        }
        XCTAssertTrue([SIGILL, SIGTRAP].map(Int.init).contains(signal ?? 0), "signal \(String(describing: signal))")
        XCTAssertNil(exitCode)
        let printed = try XCTUnwrap(scenario.output, "a crashed scenario keeps its output")
        XCTAssertTrue(printed.contains("about to drive off the main thread"), printed)
        XCTAssertTrue(printed.contains(Self.rxCocoaMessage), printed)

        // RxCocoa's mechanism: drive(onNext:…) calls MainScheduler.ensureRunningOnMainThread,
        // which stops; the crash is placed at the user's `drive` line, not inside RxCocoa or RxCore.
        let crashed = try XCTUnwrap(scenario.threadStacks.first { $0.crashed })
        let functions = crashed.frames.map(\.function)
        let check = try XCTUnwrap(
            functions.firstIndex { $0.contains("MainScheduler.ensureRunningOnMainThread(errorMessage:)") },
            "\(functions)"
        )
        XCTAssertTrue(functions[check + 1].contains(".drive(onNext:onCompleted:onDisposed:)"), "\(functions)")
        let driveLine = try Self.lineOfFixture(marked: "fixture: the off-main drive")
        XCTAssertEqual(crashed.frames[check + 2].file, "Tools/rxtrace-fixtures/main.swift")
        XCTAssertEqual(crashed.frames[check + 2].line, driveLine)
        XCTAssertTrue(result.stdout.contains("at Tools/rxtrace-fixtures/main.swift:\(driveLine) "), result.stdout)
    }

    func testEmitOffTheMainThreadIsLegalAsInRxCocoaAndNoAnomaly() throws {
        let output = try CLIHarness.temporaryFolder()
        let result = try CLIHarness.run(
            "rxtrace-fixtures",
            ["run", "emits-off-main-thread", "--output", output.path, "--no-color"]
        )

        // The scenario expects clean: it runs to the end (no stop, as RxCocoa) with no finding.
        XCTAssertEqual(result.exitCode, 0, result.stdout + result.stderr)
        let scenario = try XCTUnwrap(try Self.report(in: output).scenarios.first)
        XCTAssertEqual(scenario.status, .clean)
        XCTAssertTrue(scenario.passed, "\(scenario.failureReasons)")
        XCTAssertEqual(scenario.findings.map(\.headline), [])
        let emitLine = try Self.lineOfFixture(marked: "fixture: off-main emit")

        // Subscribed on the worker, delivered on the main thread by the Signal's observe(on:).
        let subscriber = try XCTUnwrap(scenario.threadHops.first { $0.downstream == nil && $0.stage == "emit" })
        // (A dispatch queue's worker thread is named by libdispatch, not by the queue's label.)
        let subscribedOn = try XCTUnwrap(subscriber.subscribedOn?.map(\.thread))
        XCTAssertFalse(subscribedOn.isEmpty || subscribedOn.contains("main"), "\(subscribedOn)")
        XCTAssertEqual(subscriber.deliveredOn?.map(\.thread), ["main"])
        XCTAssertEqual(subscriber.callSite?.line, emitLine)
    }

    private static func report(in folder: URL) throws -> RunReport {
        let text = try String(contentsOf: folder.appendingPathComponent("rxtrace.json"), encoding: .utf8)
        return try JSONReportCoding.decode(Data(text.utf8))
    }

    private static func lineOfFixture(marked marker: String) throws -> Int {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let source = try String(
            contentsOf: root.appendingPathComponent("Tools/rxtrace-fixtures/main.swift"),
            encoding: .utf8
        )
        let lines = source.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains(marker) }) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return index + 1
    }
}
#endif
