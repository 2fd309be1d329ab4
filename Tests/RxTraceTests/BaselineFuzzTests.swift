import Foundation
import XCTest

@testable import RxTraceReport

/// Mutated baselines (from one `--update-baseline` writes and a version-1 array): each is read
/// or refused with one line naming the file, never a crash.
final class BaselineFuzzTests: XCTestCase {
    static let cases: UInt64 = 3_000

    func testMutatedBaselinesAreReadOrRefusedInOneLineNamingTheFile() {
        let written = Array(Baseline(report: ReportFixtures.run()).encoded())
        let versionOne = Array(#"["leak|RxCore.MapSink|Sources/App/Feed.swift|bind()", "cycle|x"]"#.utf8)
        let seeds = [written, versionOne]
        let path = "ci/rxtrace-baseline.json"
        var read = 0
        for seed in 0..<Self.cases {
            var mutator = InputMutator(seed: seed)
            let input = mutator.mutate(seeds[Int(seed) % 2], other: seeds[Int(seed + 1) % 2])
            do {
                _ = try Baseline.decode(Data(input), path: path)
                read += 1
            } catch let error as BaselineError {
                assertOneLineNaming(path, error, seed: seed)
            } catch {
                XCTFail("seed \(seed): \(type(of: error)) instead of a BaselineError: \(error)")
            }
        }
        // The corpus reaches both outcomes, or it tests one reader path only.
        XCTAssertGreaterThan(read, 0)
        XCTAssertLessThan(read, Int(Self.cases))
    }

    func testAMalformedBaselineSaysWhereItBreaks() {
        let wrongType = "{\"signatureVersion\": 2,\n \"signatures\": [\"a\", 7]}"
        XCTAssertThrowsError(try Baseline.decode(Data(wrongType.utf8), path: "b.json")) { error in
            XCTAssertTrue("\(error)".hasSuffix("at .signatures[1]"), "\(error)")
        }
    }
}
