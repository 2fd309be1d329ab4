#if TRACE_RESOURCES
import Foundation
@testable import RxTrace
@testable import RxTraceReport
@testable import RxTraceAnalysis
@testable import RxTraceRunner
import XCTest

/// The heap graph's runtime hooks are installed only on the runtime and architecture they were
/// measured on (Swift 6.3, x86_64), unless RXTRACE_HEAP_GRAPH_UNMEASURED=allow; every report
/// says so in one line where they are not.
final class HeapGraphGateTests: XCTestCase {
    func testTheMeasuredRuntimeAndArchitectureInstallTheHooks() {
        // libswiftCore 6.3.1 reports itself as 6.3.0 (major and minor only).
        for version in ["6.3.0", "6.3", "6.3.1"] {
            let decision = HeapGraphGate.decide(runtimeVersion: version, architecture: "x86_64", override: nil)
            XCTAssertEqual(decision, .measured, version)
            XCTAssertTrue(decision.installsHooks)
            XCTAssertNil(decision.note)
        }
    }

    func testAnotherArchitectureOrRuntimeLeavesTheHeapGraphOff() {
        let cases: [(String, String)] = [
            ("6.3.0", "arm64"), ("6.4.0", "x86_64"), ("6.2.0", "x86_64"), ("7.3.0", "x86_64"), ("unknown", "x86_64"),
            ("6.3.0", "unknown"),
        ]
        for (version, architecture) in cases {
            let decision = HeapGraphGate.decide(runtimeVersion: version, architecture: architecture, override: nil)
            XCTAssertFalse(decision.installsHooks, "\(version) \(architecture)")
            guard case .off = decision else { return XCTFail("\(version) \(architecture): \(decision)") }
        }
        let arm = HeapGraphGate.decide(runtimeVersion: "6.3.0", architecture: "arm64", override: nil)
        XCTAssertEqual(arm, .off(runtime: "6.3", architecture: "arm64"))
        XCTAssertEqual(
            arm.note,
            "heap graph off: measured on Swift 6.3 x86_64 only, this is Swift 6.3 arm64; leaks, lines and hops are still reported (set RXTRACE_HEAP_GRAPH_UNMEASURED=allow to try it)"
        )
    }

    func testOnlyTheOverrideValueAllowLetsTheHooksInElsewhere() {
        let allowed = HeapGraphGate.decide(runtimeVersion: "6.4.0", architecture: "arm64", override: "allow")
        XCTAssertEqual(allowed, .allowedUnmeasured(runtime: "6.4", architecture: "arm64"))
        XCTAssertTrue(allowed.installsHooks)
        XCTAssertEqual(
            allowed.note?.hasPrefix(
                "heap graph on by RXTRACE_HEAP_GRAPH_UNMEASURED=allow: measured on Swift 6.3 x86_64 only"
            ),
            true
        )
        for value in ["1", "on", "yes", "ALLOW", ""] {
            XCTAssertFalse(
                HeapGraphGate.decide(runtimeVersion: "6.4.0", architecture: "arm64", override: value).installsHooks,
                value
            )
        }
        // On the measured runtime the override changes nothing.
        XCTAssertEqual(
            HeapGraphGate.decide(runtimeVersion: "6.3.0", architecture: "x86_64", override: "allow"),
            .measured
        )
    }

    func testASanitizerKeepsTheHeapGraphOutOnAnyRuntimeWhateverTheOverride() {
        for (version, architecture, override) in [("6.3.0", "x86_64", nil), ("6.4.0", "arm64", "allow")] {
            let decision = HeapGraphGate.decide(
                runtimeVersion: version,
                architecture: architecture,
                override: override,
                sanitizer: "ThreadSanitizer"
            )
            XCTAssertEqual(decision, .unavailable(sanitizer: "ThreadSanitizer"))
            XCTAssertFalse(decision.installsHooks)
            XCTAssertEqual(
                decision.note,
                "heap graph unavailable under ThreadSanitizer: its allocator frees objects where the heap graph cannot see them, so no cycles or retention paths; leaks, lines and hops are still reported"
            )
        }
    }

    func testThisProcessReadsTheLoadedRuntimesVersion() {
        let parts = HeapGraphGate.runningRuntimeVersion.split(separator: ".").compactMap { Int($0) }
        XCTAssertEqual(parts.count, 3, HeapGraphGate.runningRuntimeVersion)
        #if arch(x86_64) && compiler(>=6.3) && compiler(<6.4)
        // The machine the hooks were measured on (Linux x86_64, Swift 6.3.1).
        if let sanitizer = HeapGraphGate.loadedSanitizer {
            // `make tsan`: the sanitizer wins, and the reports say so.
            XCTAssertEqual(HeapGraphGate.current, .unavailable(sanitizer: sanitizer))
            XCTAssertEqual(HostInfo.thisRun().heapGraphNote, HeapGraphGate.current.note)
        } else if ProcessInfo.processInfo.environment[HeapGraphGate.overrideVariable] == nil {
            XCTAssertEqual(HeapGraphGate.current, .measured)
            XCTAssertNil(HostInfo.thisRun().heapGraphNote)
        }
        #endif
    }

    // MARK: The note in every report format

    private static let note = HeapGraphGate.decide(runtimeVersion: "6.3.0", architecture: "arm64", override: nil).note!

    private func reportWithNote() -> RunReport {
        var report = ReportFixtures.run()
        report.host.heapGraphNote = Self.note
        return report
    }

    func testEveryReportFormatCarriesTheNote() throws {
        let report = reportWithNote()
        XCTAssertTrue(TextReportRenderer().render(report).split(separator: "\n").contains { $0 == Self.note })
        XCTAssertTrue(MarkdownReportRenderer().render(report).contains("\n\(Self.note)\n"))
        XCTAssertTrue(HTMLReportRenderer().render(report).contains("id=\"heap-graph-note\""))
        XCTAssertTrue(HTMLReportRenderer().render(report).contains("RXTRACE_HEAP_GRAPH_UNMEASURED=allow to try it"))
        XCTAssertTrue(
            JUnitReportRenderer().render(report).contains(
                "<property name=\"heapGraph\" value=\"heap graph off: measured on Swift 6.3 x86_64 only"
            )
        )

        let sarif =
            try JSONSerialization.jsonObject(with: Data(SARIFReportRenderer().render(report).utf8)) as? [String: Any]
        let run = (sarif?["runs"] as? [[String: Any]])?.first
        let invocation = (run?["invocations"] as? [[String: Any]])?.first
        let notifications = invocation?["toolExecutionNotifications"] as? [[String: Any]] ?? []
        let notes = notifications.filter { $0["level"] as? String == "note" }
        XCTAssertEqual((notes.first?["message"] as? [String: Any])?["text"] as? String, Self.note)
        let plain =
            try JSONSerialization.jsonObject(with: Data(SARIFReportRenderer().render(ReportFixtures.run()).utf8))
            as? [String: Any]
        let plainInvocation = ((plain?["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first
        XCTAssertEqual(
            invocation?["executionSuccessful"] as? Bool,
            plainInvocation?["executionSuccessful"] as? Bool,
            "a note does not make the run unsuccessful"
        )

        let decoded = try JSONReportCoding.decode(try JSONReportCoding.encode(report))
        XCTAssertEqual(decoded.host.heapGraphNote, Self.note)
    }

    func testWithoutTheNoteNoFormatMentionsIt() throws {
        let report = ReportFixtures.run()
        XCTAssertFalse(TextReportRenderer().render(report).contains("heap graph"))
        XCTAssertFalse(MarkdownReportRenderer().render(report).contains("heap graph off"))
        XCTAssertFalse(HTMLReportRenderer().render(report).contains("heap-graph-note"))
        XCTAssertFalse(JUnitReportRenderer().render(report).contains("heapGraph"))
        // The JSON report keeps its shape where the heap graph runs: no key at all.
        XCTAssertFalse(String(decoding: try JSONReportCoding.encode(report), as: UTF8.self).contains("heapGraphNote"))
    }
}
#endif
