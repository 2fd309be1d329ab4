import Foundation
import Testing

@testable import RxTraceFix

/// How `--apply`'s re-check of the whole suite is judged.
@Suite struct FixApplicationTests {
    /// A verified change not written (its file had uncommitted changes) leaves its finding, which
    /// the re-check expects; a written one must have cleared its finding.
    @Test func onlyTheWrittenFilesFindingsCountAsFixed() throws {
        let (screen, _) = try FixProofTests.candidate()
        var other = screen
        other.signatures = ["sig2"]
        other.file = "Sources/App/Other.swift"
        let fixed = FixApplication.fixedSignatures([screen, other], written: ["Sources/App/Screen.swift"])
        #expect(fixed == ["sig1"])

        let before = try report([
            "App.T/testA": (
                "passed", [("sig1", "Sources/App/Screen.swift", 4), ("sig2", "Sources/App/Other.swift", 9)]
            )
        ])
        let otherLeft = try report(["App.T/testA": ("passed", [("sig2", "Sources/App/Other.swift", 9)])])
        #expect(FixApplication.problems(after: otherLeft, before: before, fixed: fixed).isEmpty)

        let screenLeft = try report(["App.T/testA": ("passed", [("sig1", "Sources/App/Screen.swift", 4)])])
        #expect(
            FixApplication.problems(after: screenLeft, before: before, fixed: fixed)
                == ["App.T/testA: leakedSubscription at Sources/App/Screen.swift:4"]
        )
    }

    /// A test that ends otherwise than in the report is a problem, whatever was fixed.
    @Test func aTestEndingOtherwiseIsAProblem() throws {
        let before = try report(["App.T/testA": ("passed", [])])
        let after = try report(["App.T/testA": ("failed", [])])
        #expect(
            FixApplication.problems(after: after, before: before, fixed: []) == ["App.T/testA now failed (was passed)"]
        )
    }
}
