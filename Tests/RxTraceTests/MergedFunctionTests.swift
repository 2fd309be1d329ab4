#if TRACE_RESOURCES
import CRxHeapGraph
import Foundation
@testable import RxTraceAnalysis
import RxTraceReport
import XCTest

/// Release builds merge functions whose bodies differ only in constants into one (`…Tm`); the
/// others become thunks that jump into it and leave no frame. A frame there is named after one
/// of them and carries no line of its own: the reports must say so, name every function it may
/// stand for, and give the build setting that keeps them apart. The fixture is a real release
/// build: two view-model binds that differ only in which loader they call and two numbers,
/// compiled with `swiftc -O` into a library this test loads.
final class MergedFunctionTests: XCTestCase {
    /// A run whose one scenario has `finding`, as a leak.
    private static func run(with finding: LeakFinding) -> RunReport {
        RunReport(scenarios: [
            ScenarioReport(
                name: "merged",
                summary: "merged binds",
                expectedVerdict: .clean,
                actualVerdict: .leak,
                status: .leaked,
                findings: [finding]
            )
        ])
    }

    private static let fixtureSource = """
        public typealias Probe = @convention(c) (Int) -> Int
        @inline(never) func loadFeed(_ probe: Probe, _ n: Int) -> [Int] { (0..<n).map { probe($0) } }
        @inline(never) func loadProfile(_ probe: Probe, _ n: Int) -> [Int] { (0..<n).map { probe($0 &* 2) } }
        @inline(never) func bindFeed(_ probe: Probe) -> Int {
            let items = loadFeed(probe, 3)
            return items.reduce(0, &+) &+ probe(items.count) &* probe(7)
        }
        @inline(never) func bindProfile(_ probe: Probe) -> Int {
            let items = loadProfile(probe, 5)
            return items.reduce(0, &+) &+ probe(items.count) &* probe(9)
        }
        @_cdecl("rxtrace_merged_feed") public func feed(_ probe: Probe) -> Int { bindFeed(probe) }
        @_cdecl("rxtrace_merged_profile") public func profile(_ probe: Probe) -> Int { bindProfile(probe) }
        """

    /// Return addresses captured by the probe when the merged body calls it with 9 (bindProfile's).
    nonisolated(unsafe) private static var captured: [UInt] = []

    /// `swiftc` of the toolchain whose runtime this test loaded (`<toolchain>/usr/lib/swift/linux/
    /// libswiftCore.so` → `<toolchain>/usr/bin/swiftc`), else on the PATH.
    private static func swiftc() -> String? {
        var folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let runtimeAddress = unsafeBitCast(Int.self as Any.Type, to: UInt.self)
        if let library = rxheap_image_path(runtimeAddress).map({ String(cString: $0) }),
            let range = library.range(of: "/lib/swift/")
        {
            folders.insert(String(library[..<range.lowerBound]) + "/bin", at: 0)
        }
        return folders.map { $0 + "/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Builds the fixture library in release and loads it: the handle of the loaded library and
    /// the folder it is in.
    private static let fixture: (handle: UnsafeMutableRawPointer, folder: URL)? = {
        guard let swiftc = swiftc() else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-merged-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("Merged.swift")
        let library = folder.appendingPathComponent("libMergedFixture.so")
        guard (try? fixtureSource.write(to: source, atomically: true, encoding: .utf8)) != nil else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = [
            "-O", "-g", "-parse-as-library", "-emit-library", "-module-name", "MergedFixture", source.path, "-o",
            library.path,
        ]
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return dlopen(library.path, RTLD_NOW).map { ($0, folder) }
    }()

    /// The frames of a call the merged body makes while bindProfile runs, innermost first.
    private static let frames: [SymbolicatedFrame]? = {
        guard let (handle, folder) = fixture, let entry = dlsym(handle, "rxtrace_merged_profile") else { return nil }
        // The symbolicator reads the library's file; once it has, the file can go (it stays mapped).
        defer { try? FileManager.default.removeItem(at: folder) }
        typealias Probe = @convention(c) (Int) -> Int
        typealias Entry = @convention(c) (Probe) -> Int
        let profile = unsafeBitCast(entry, to: Entry.self)
        _ = profile { value in
            if value == 9 { MergedFunctionTests.captured = Thread.callStackReturnAddresses.map { $0.uintValue } }
            return value
        }
        return Symbolicator.shared.frames(forAddresses: Array(captured.dropFirst()))
    }()

    private func mergedFrame() throws -> SymbolicatedFrame {
        let frames = try XCTUnwrap(MergedFunctionTests.frames, "the release fixture did not build or load")
        return try XCTUnwrap(frames.first { $0.function.contains("bind") }, "\(frames.map(\.function))")
    }

    func testAFrameInAMergedFunctionIsMarkedWithEveryFunctionItStandsFor() throws {
        let frame = try mergedFrame()
        // bindProfile ran; the merged body is named after bindFeed, the first of the two.
        XCTAssertEqual(frame.function, "bindFeed(_:)")
        XCTAssertTrue(frame.mergedFunction)
        XCTAssertEqual(frame.mergedCandidates, ["bindFeed(_:)", "bindProfile(_:)"])
        XCTAssertEqual(frame.reportFrame.mergedFunction, true)
        XCTAssertEqual(frame.reportFrame.mergedCandidates, ["bindFeed(_:)", "bindProfile(_:)"])
    }

    /// Every format says it, at the finding and beside the frame: with no line of its own, the
    /// finding names the functions its code stands for and the build setting that tells them apart.
    func testEveryReportFormatSaysTheFunctionIsMerged() throws {
        var frame = try mergedFrame().reportFrame
        frame.origin = .user
        let finding = LeakFinding(
            signature: "sig-merged",
            kind: .leakedSubscription,
            operatorChain: ["map", "subscribe"],
            count: 2,
            countPerPass: [1, 1],
            growthPerPass: 1,
            backtrace: [ReportFrame(function: "ObservableType.subscribe(onNext:)", origin: .rxCore), frame]
        )
        let run = Self.run(with: finding)
        let note = try XCTUnwrap(finding.mergedFunctionNote)
        XCTAssertTrue(note.contains("bindFeed(_:), bindProfile(_:)"), note)
        XCTAssertTrue(note.contains("-Xswiftc -Xfrontend -Xswiftc -disable-llvm-merge-functions-pass"), note)
        for format in ReportFormat.allCases where format != .json {
            let text = try format.render(run)
            XCTAssertTrue(text.contains("bindFeed(_:), bindProfile(_:)"), "\(format) names both merged functions")
            XCTAssertTrue(text.contains("disable-llvm-merge-functions-pass"), "\(format) gives the build setting")
        }
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(ReportFormat.json.render(run).utf8)) as? [String: Any]
        )
        let scenarios = try XCTUnwrap(json["scenarios"] as? [[String: Any]])
        let findings = try XCTUnwrap(scenarios.first?["findings"] as? [[String: Any]])
        let backtrace = try XCTUnwrap(findings.first?["backtrace"] as? [[String: Any]])
        XCTAssertEqual(backtrace.last?["mergedFunction"] as? Bool, true)
        XCTAssertEqual(backtrace.last?["mergedCandidates"] as? [String], ["bindFeed(_:)", "bindProfile(_:)"])
        XCTAssertNil(backtrace.first?["mergedFunction"], "only merged frames carry the field")
    }

    /// Where the symbols name no candidates (the optimiser rewrote every call to the merged body),
    /// a frame still says it is merged, and claims no line it does not have.
    func testAMergedFrameWithoutCandidatesOrLine() {
        let frame = ReportFrame(function: "closure #2 in bind()", origin: .user, mergedFunction: true)
        XCTAssertEqual(frame.fileAndLineNoted, "in a merged function, no line of its own")
        var placed = frame
        placed.file = "Sources/App/Screens.swift"
        placed.line = 30
        XCTAssertEqual(placed.fileAndLineNoted, "Sources/App/Screens.swift:30, line shared by merged functions")
        XCTAssertEqual(
            frame.mergedNote,
            "in a function the optimizer merged with others, with no line of its own; build with -Xswiftc -Xfrontend -Xswiftc -disable-llvm-merge-functions-pass to tell them apart"
        )
    }

    /// A call site with a line in a merged function says the line is shared, in every format.
    func testALineInAMergedFunctionIsSaidToBeShared() throws {
        let site = SourceLocation(
            file: "Sources/App/Screens.swift",
            line: 12,
            function: "bindFeed(_:)",
            mergedFunction: true,
            mergedCandidates: ["bindFeed(_:)", "bindProfile(_:)"]
        )
        let finding = LeakFinding(
            signature: "sig-merged-line",
            kind: .leakedSubscription,
            count: 1,
            countPerPass: [1, 1],
            growthPerPass: 1,
            callSite: site
        )
        let run = Self.run(with: finding)
        for format in ReportFormat.allCases where format != .json {
            let text = try format.render(run)
            XCTAssertTrue(
                text.contains("line shared with other functions the optimizer merged (bindFeed(_:), bindProfile(_:))"),
                "\(format): \(text)"
            )
        }
        XCTAssertTrue(try ReportFormat.json.render(run).contains("\"mergedFunction\" : true"))
    }
}
#endif
