import Foundation
import XCTest

@testable import RxTraceReport

/// A JSON report given to `rxtrace report` whose values were changed by hand: refused in one
/// line naming the file. (The seeded mutation corpus for reports found this; it is not run in
/// process: after a few hundred mutated reports, decoding and rendering them, the test process
/// crashed later in unrelated encoding, a memory fault outside rxtrace's code, under
/// investigation.)
final class ReportInputFuzzTests: FolderTestCase {
    func testAnUnknownValueHoldingALineBreakIsQuotedOnOneLine() throws {
        var object =
            try JSONSerialization.jsonObject(with: try JSONReportCoding.encode(ReportFixtures.run())) as! [String: Any]
        var scenarios = object["scenarios"] as! [[String: Any]]
        scenarios[0]["actualVerdict"] = "clean\nleak\r\u{2028}"
        object["scenarios"] = scenarios
        let file = path("edited.json")
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
        XCTAssertThrowsError(try ReportMerger.merge(paths: [file])) { error in
            assertOneLineNaming(file, error, seed: 0)
            XCTAssertTrue("\(error)".contains("at .scenarios[0].actualVerdict"), "\(error)")
        }
    }
}
