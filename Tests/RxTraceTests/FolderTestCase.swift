import Foundation
import XCTest

/// A test case with a fresh folder of its own for each test, removed after it.
class FolderTestCase: XCTestCase {
    private(set) var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxtrace-\(String(describing: type(of: self)))-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        try super.tearDownWithError()
    }

    /// `name` inside the test's folder.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
}
