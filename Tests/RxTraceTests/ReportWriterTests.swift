import Foundation
import RxTrace
import XCTest

final class ReportWriterTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-writer-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func contents(_ url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    func testWritesAllSixFormatsIntoACreatedFolder() throws {
        let output = folder.appendingPathComponent("nested/Reports")
        let written = try ReportWriter(directory: output.path).write(ReportFixtures.run())

        XCTAssertEqual(
            written.map { URL(fileURLWithPath: $0).lastPathComponent },
            ["rxtrace.txt", "rxtrace.html", "rxtrace.json", "rxtrace.junit.xml", "rxtrace.sarif", "rxtrace.md"]
        )
        XCTAssertEqual(
            contents(output),
            [
                "rxtrace-status.json", "rxtrace-status.txt", "rxtrace.html", "rxtrace.json", "rxtrace.junit.xml",
                "rxtrace.md", "rxtrace.sarif", "rxtrace.txt",
            ],
            "no temporary files left; the status files go with every set"
        )
        let json = try Data(contentsOf: output.appendingPathComponent("rxtrace.json"))
        XCTAssertEqual(try JSONReportCoding.decode(json), ReportFixtures.run())
        let text = try String(contentsOf: output.appendingPathComponent("rxtrace.txt"), encoding: .utf8)
        XCTAssertEqual(text, TextReportRenderer(colour: false).render(ReportFixtures.run()))
    }

    func testRewritingReplacesFilesWhole() throws {
        let writer = ReportWriter(directory: folder.path, formats: [.text])
        try writer.write(ReportFixtures.run())
        try writer.write(ReportFixtures.run([ReportFixtures.cleanScenario]))

        let text = try String(contentsOfFile: writer.path(for: .text), encoding: .utf8)
        XCTAssertEqual(text, TextReportRenderer().render(ReportFixtures.run([ReportFixtures.cleanScenario])))
        XCTAssertEqual(contents(folder), ["rxtrace-status.json", "rxtrace-status.txt", "rxtrace.txt"])
    }

    func testAFileWhereTheFolderShouldBeIsOneClearError() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("Reports")
        try Data("not a folder".utf8).write(to: file)

        XCTAssertThrowsError(try ReportWriter(directory: file.path).write(ReportFixtures.run())) { error in
            XCTAssertEqual(
                error as? ReportWriterError,
                .unwritableDirectory(path: file.path, reason: "it exists and is not a directory")
            )
            XCTAssertEqual("\(error)", "cannot write reports to '\(file.path)': it exists and is not a directory")
        }
        XCTAssertThrowsError(
            try ReportWriter(directory: file.appendingPathComponent("sub").path).write(ReportFixtures.run())
        ) { error in
            XCTAssertEqual("\(error)", "cannot write reports to '\(file.path)/sub': '\(file.path)' is not a directory")
        }
        XCTAssertEqual(contents(folder), ["Reports"])
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "not a folder")
    }

    func testNothingIsWrittenWhenOneDestinationCannotBeReplaced() throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("rxtrace.sarif"),
            withIntermediateDirectories: true
        )
        try Data("old".utf8).write(to: folder.appendingPathComponent("rxtrace.json"))

        XCTAssertThrowsError(try ReportWriter(directory: folder.path).write(ReportFixtures.run())) { error in
            XCTAssertEqual("\(error)", "cannot write reports to '\(folder.path)': rxtrace.sarif is a directory")
        }
        XCTAssertEqual(contents(folder), ["rxtrace.json", "rxtrace.sarif"], "no new file, no temporary file")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("rxtrace.json"), encoding: .utf8), "old")
    }

    func testAReadOnlyFolderIsOneClearErrorAndLeavesNothing() throws {
        // Root ignores permission bits, so a read-only folder is made with a read-only mount
        // when possible; /proc's top level refuses new files for everyone.
        let readOnly: URL = geteuid() == 0 ? URL(fileURLWithPath: "/proc") : folder
        if geteuid() != 0 {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let before = contents(readOnly)

        XCTAssertThrowsError(try ReportWriter(directory: readOnly.path).write(ReportFixtures.run())) { error in
            guard case .unwritableDirectory(let path, let reason)? = error as? ReportWriterError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(path, readOnly.path)
            XCTAssertFalse(reason.isEmpty)
            XCTAssertFalse("\(error)".contains("\n"), "one line")
        }
        XCTAssertEqual(contents(readOnly).filter { $0.contains("rxtrace") }, before.filter { $0.contains("rxtrace") })
    }
}
