import Foundation
import RxTraceFix
import Testing

/// Bad input is one line (exit 2 in the executable).
@Suite struct FixOptionsTests {
    @Test func badInputSaysWhatIsWrong() {
        #expect(throws: FixToolError.self) { try FixOptions.parse([], environment: [:]) }
        #expect(throws: FixToolError.self) { try FixOptions.parse(["--report"], environment: [:]) }
        #expect(throws: FixToolError.self) { try FixOptions.parse(["--report", "r.json", "--fix"], environment: [:]) }
        #expect(throws: FixToolError.self) {
            try FixOptions.parse(["--report", "r.json", "--force", "--rxtrace", "/bin/true"], environment: [:])
        }
        do {
            _ = try FixOptions.parse(
                ["--report", "r.json", "--package-path", "/no/such/package", "--rxtrace", "/bin/true"],
                environment: [:]
            )
            Issue.record("a missing package was accepted")
        } catch {
            #expect("\(error)" == "no Package.swift in /no/such/package")
        }
    }

    @Test func argumentsAfterTheSeparatorGoToRxtrace() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: package) }
        try Data().write(to: package.appendingPathComponent("Package.swift"))
        let options = try FixOptions.parse(
            ["--report", "r.json", "--package-path", package.path, "--apply", "--", "--timeout", "30"],
            environment: ["RXTRACE": "/opt/rxtrace"]
        )
        #expect(options.rxtrace == "/opt/rxtrace")
        #expect(options.apply)
        #expect(options.rxtraceArguments == ["--timeout", "30"])
    }
}
