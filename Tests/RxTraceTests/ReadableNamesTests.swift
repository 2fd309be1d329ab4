import Dispatch
import Foundation
import XCTest

@testable import RxTrace
@testable import RxTraceAnalysis
@testable import RxTraceReport
@testable import RxTraceRunner

/// Names a user recognises: the function they wrote, not the compiler's variant of it; a
/// thread's name, not the fragment Linux kept of it.
final class ReadableNamesTests: XCTestCase {
    func testCompilerVariantsAreNamedAfterTheFunctionAPersonWrote() {
        // What release builds' symbols read like (seen in `make demo`'s report).
        XCTAssertEqual(
            Symbolicator.readableName("partial apply for closure #1 in Presenter.bind(_:capture:)"),
            "closure #1 in Presenter.bind(_:capture:)"
        )
        XCTAssertEqual(
            Symbolicator.readableName("specialized RepositoryModel.init(server:session:background:main:)"),
            "RepositoryModel.init(server:session:background:main:)"
        )
        XCTAssertEqual(Symbolicator.readableName("merged site243(_:)"), "site243(_:)")
        XCTAssertEqual(
            Symbolicator.readableName("partial apply for closure #4 in specialized ItemsScreen.show(_:_:)"),
            "closure #4 in ItemsScreen.show(_:_:)"
        )
        XCTAssertEqual(
            Symbolicator.readableName("partial apply forwarder for closure #2 in closure #1 in merged Feed.bind()"),
            "closure #2 in closure #1 in Feed.bind()"
        )
        // A thunk has no function of the user's to show; it stays a thunk (and is classified so).
        XCTAssertEqual(
            Symbolicator.readableName("partial apply for thunk for @escaping @callee_guaranteed (@unowned Int) -> ()"),
            "thunk for @escaping @callee_guaranteed (@unowned Int) -> ()"
        )
        // Words inside a name are not prefixes.
        XCTAssertEqual(Symbolicator.readableName("Store.specialized(merged:)"), "Store.specialized(merged:)")
    }

    #if TRACE_RESOURCES
    func testAForwarderNamedLikeItsClosureIsOneFrame() {
        let closure = SymbolicatedFrame(
            address: 1,
            function: "closure #1 in Feed.bind()",
            file: "Feed.swift",
            line: 9,
            origin: .user
        )
        let forwarder = SymbolicatedFrame(address: 2, function: "closure #1 in Feed.bind()", origin: .user)
        let caller = SymbolicatedFrame(address: 3, function: "Feed.bind()", file: "Feed.swift", line: 12, origin: .user)
        let recursion = SymbolicatedFrame(
            address: 4,
            function: "Feed.bind()",
            file: "Feed.swift",
            line: 20,
            origin: .user
        )

        XCTAssertEqual(
            Symbolicator.droppingForwardingThunks([closure, forwarder, caller, recursion]).map(\.address),
            [1, 3, 4],
            "the forwarder (no line) goes; a call of the same function from a line stays"
        )
    }
    #endif

    func testDispatchWorkerThreadsAreNamedByTheirRootQueue() {
        XCTAssertEqual(ThreadNames.readable("oot.default-qos", number: 3), "com.apple.root.default-qos")
        XCTAssertEqual(
            ThreadNames.readable("user-initiated-qos".suffix(15).description, number: 3),
            "com.apple.root.user-initiated-qos"
        )
        // Every overcommit label ends the same way: which root queue is not known.
        XCTAssertEqual(ThreadNames.readable("-qos.overcommit", number: 4), "dispatch worker thread #4")
        XCTAssertEqual(ThreadNames.readable("-qos.overcommit", number: nil), "dispatch worker thread")
        // Names Linux did not cut, or cut from something else, are left as they are.
        XCTAssertEqual(ThreadNames.readable("main", number: 0), "main")
        XCTAssertEqual(ThreadNames.readable("rxtrace-fixture", number: 1), "rxtrace-fixture")
    }

    #if os(Linux)
    func testTheNameLibdispatchGivesItsWorkerThreadsReadsAsItsRootQueue() {
        let named = expectation(description: "ran on a worker thread")
        nonisolated(unsafe) var kernelName = ""
        DispatchQueue.global(qos: .default).async {
            kernelName =
                (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            named.fulfill()
        }
        wait(for: [named], timeout: 10)
        let readable = ThreadNames.readable(kernelName, number: 7)
        XCTAssertTrue(
            readable == "com.apple.root.default-qos" || readable == "dispatch worker thread #7",
            "libdispatch named its worker '\(kernelName)', shown as '\(readable)'"
        )
        XCTAssertFalse(
            readable.count == 15 && "com.apple.root.default-qos".hasSuffix(readable),
            "a fragment: \(readable)"
        )
    }
    #endif
}
