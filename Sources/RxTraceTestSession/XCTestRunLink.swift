#if os(Linux)
@_spi(Reflection) import Swift
import XCTest

/// An XCTest test and its run refer to each other (`XCTest.testRun`, `XCTestRun.test`), so a test
/// case instance that ran is never freed, by XCTest's design. For the second run's own instance,
/// which only rxtrace holds, the session clears `testRun` so that dropping the instance frees it
/// and everything its stored properties hold (the harness check of `TestUnitRecorder.Harness`).
/// The field is found by name and type through the runtime's field records, never by a fixed
/// offset; where it is not found, the instance stays (docs/runtime-hooks.md).
enum XCTestRunLink {
    private static let offset: Int? = {
        var found: Int?
        _ = _forEachField(of: XCTest.self, options: _EachFieldOptions(rawValue: 1)) { name, offset, type, _ in
            if String(cString: name) == "testRun", type == Optional<XCTestRun>.self { found = offset }
            return found == nil
        }
        return found
    }()

    /// Clears `test.testRun`; false when the field could not be found.
    static func clear(_ test: XCTest) -> Bool {
        guard let offset else { return false }
        let field = Unmanaged.passUnretained(test).toOpaque().advanced(by: offset).assumingMemoryBound(
            to: Optional<XCTestRun>.self
        )
        field.pointee = nil
        return true
    }
}
#endif
