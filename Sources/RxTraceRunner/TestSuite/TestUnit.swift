import RxTraceAnalysis
import RxTraceReport

/// One thing `rxtrace test` checks on its own: an XCTest test method, a Swift Testing test
/// function, or one argument case of a parameterized Swift Testing test.
public struct TestUnit: Codable, Hashable, Sendable {
    public enum Library: String, Codable, Sendable {
        case xctest
        case swiftTesting = "swift-testing"

        public var displayName: String { self == .xctest ? "XCTest" : "Swift Testing" }
    }

    public var library: Library
    /// The test's name as `swift test list` prints it: `Module.Class/testMethod` for XCTest,
    /// `Module.function()` or `Module.Suite/function()` for Swift Testing.
    public var test: String
    /// Swift Testing's identifier of the test (its name and source location), what its filter
    /// and events use; nil for XCTest.
    public var testID: String?
    /// A parameterized Swift Testing test's argument case, as Swift Testing shows it.
    public var caseName: String?
    /// Swift Testing's stable identifier of the argument case.
    public var caseID: String?
    /// Where the test is declared, when the library says (Swift Testing does).
    public var file: String?
    public var line: Int?

    public init(
        library: Library,
        test: String,
        testID: String? = nil,
        caseName: String? = nil,
        caseID: String? = nil,
        file: String? = nil,
        line: Int? = nil
    ) {
        self.library = library
        self.test = test
        self.testID = testID
        self.caseName = caseName
        self.caseID = caseID
        self.file = file
        self.line = line
    }

    /// The name a report shows: the test, and its argument case when it has one.
    public var reportName: String { caseName.map { "\(test) [\($0)]" } ?? test }

    /// The whole test's identity: Swift Testing's id, else the XCTest name. What a plan, the
    /// progress file and a selection name a test by (argument cases share their test's key).
    public var key: String { testID ?? test }
}
