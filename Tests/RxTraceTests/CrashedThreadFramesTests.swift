import Foundation
import XCTest

@testable import RxTraceReport
@testable import RxTraceRunner

/// A crashed test's stack, as the Swift backtracer writes it (`format=json`, Swift 6.3.1), read
/// by the `rxtrace` CLI, which is built without tracing: the test's own frames are the user's.
final class CrashedThreadFramesTests: XCTestCase {
    private let log = """
        {"threads": [{"name": "main", "crashed": true, "frames": [
          {"kind": "programCounter", "symbol": "$ss17_assertionFailure__4file4line5flagss5NeverOs12StaticStringV_A2HSus6UInt32VtF",
           "description": "_assertionFailure(_:_:file:line:flags:) + 302", "image": "libswiftCore.so"},
          {"kind": "returnAddress", "system": true, "symbol": "$s9FeedTests15CrashingXCTestsC9testTrapsyyFSiyKXEfu_",
           "description": "implicit closure #1 in CrashingXCTests.testTraps() + 28", "image": "FeedPackageTests.xctest",
           "sourceLocation": {"file": "//<compiler-generated>", "line": 0, "column": 0}},
          {"kind": "returnAddress", "symbol": "$s9FeedTests15CrashingXCTestsC9testTrapsyyF",
           "description": "CrashingXCTests.testTraps() + 40", "image": "FeedPackageTests.xctest",
           "sourceLocation": {"file": "/p/Tests/FeedTests/CrashingXCTests.swift", "line": 8, "column": 9}}
        ]}]}
        """

    func testATestsOwnFramesAreUserCodeWithTheirLines() throws {
        let parsed = try JSONDecoder().decode(BacktraceLog.self, from: Data(log.utf8))
        let stack = try XCTUnwrap(ThreadStackCapture.stacks(parsed, crashedOnly: true).first)
        XCTAssertEqual(stack.frames.map(\.origin), [.swiftRuntime, .user, .user])
        XCTAssertEqual(stack.userFrame?.function, "implicit closure #1 in CrashingXCTests.testTraps()")
        // Code the compiler made has no file of its own; the test's line is on its own frame.
        XCTAssertNil(stack.frames[1].file)
        XCTAssertEqual(stack.frames[2].file, "/p/Tests/FeedTests/CrashingXCTests.swift")
        XCTAssertEqual(stack.frames[2].line, 8)
    }
}
