import Foundation
import RxTraceAnalysis
import RxTraceReport

/// Builds a package's tests the way `rxtrace test` runs them: with the TraceResources trait and
/// the test session linked in (both through the environment the manifests read, so the user's
/// manifest is not edited), in a scratch folder of its own so the package's usual `.build` is
/// neither locked nor rebuilt.
struct TestPackageBuild {
    /// The package's folder, absolute.
    var packagePath: String
    /// Extra `swift build` arguments (`-Xswiftc -DFOO`, `-c release`…).
    var extraArguments: [String] = []
    /// The `swift` executable: $SWIFT, else `swift` on the PATH.
    var swift: String = ProcessInfo.processInfo.environment["SWIFT"] ?? "swift"

    var scratchPath: String { packagePath + "/.build/rxtrace-test" }

    /// The environment of the build: the manifests read it (Package.swift of rxtrace).
    static func environment(_ base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = base
        environment["RXTRACE_TEST_SESSION_BUILD"] = "1"
        environment["RXTRACE_TRACE_RESOURCES"] = "1"
        return environment
    }

    /// The build failed: the compiler's first errors, or the tool's last lines.
    struct Failure: Error {
        var summary: String
        var details: [String]
    }

    /// Where the build's output is kept.
    var logFile: URL { URL(fileURLWithPath: scratchPath).appendingPathComponent("rxtrace-build.log") }

    /// Builds, and returns the test binary. `progress` gets a line every few seconds while the
    /// build runs (what it is compiling); an interruption stops the build at once.
    func build(interruption: Interruption? = nil, progress: (String) -> Void = { _ in }) throws -> URL {
        let log = logFile
        let firstRun = !FileManager.default.fileExists(atPath: scratchPath)
        do {
            try FileManager.default.createDirectory(atPath: scratchPath, withIntermediateDirectories: true)
        } catch {
            throw Failure(
                summary: "cannot create the build folder \(scratchPath): \(error.localizedDescription)",
                details: []
            )
        }
        if firstRun {
            progress(
                "first run: building rxtrace and the package's tests with tracing in \(scratchPath) "
                    + "(minutes on a small machine; later runs build only what changed: cache that folder in CI)"
            )
        }
        let arguments =
            ["build", "--build-tests"]
            + (Self.plansAnew(scratchPath: scratchPath) ? ["--disable-build-manifest-caching"] : [])
            + ["--package-path", packagePath, "--scratch-path", scratchPath] + extraArguments
        let pins = PackagePins(packagePath: packagePath, scratchPath: scratchPath)
        let status: Int32
        do {
            defer { pins.restore() }
            status = try LoggedTool.run(
                swift,
                arguments,
                environment: Self.environment(),
                output: log,
                interruption: interruption,
                progress: { progress("building: " + $0) }
            )
        }
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw Failure(
                summary: "the tests did not build (\(swift) \(arguments.joined(separator: " ")), exit \(status))",
                details: Self.firstErrors(output)
            )
        }
        let binPath = URL(fileURLWithPath: scratchPath).appendingPathComponent(configuration)
        let binaries = ((try? FileManager.default.contentsOfDirectory(atPath: binPath.path)) ?? []).filter {
            $0.hasSuffix(".xctest")
        }.sorted()
        guard let binary = binaries.first else {
            throw Failure(
                summary: "the build made no test binary in \(binPath.path): does the package have a test target?",
                details: []
            )
        }
        return binPath.appendingPathComponent(binary)
    }

    /// Whether the build is planned anew instead of from SwiftPM's cached plan. With its plan
    /// cached, SwiftPM 6.3 missed a source file newly added to a path dependency (rxtrace itself,
    /// in development) and failed with "cannot find 'X' in scope" until a build planned again; so
    /// a package with a path dependency is planned each time (seconds a run). One whose
    /// dependencies are all versioned keeps the cache, as `swift test` does. Read from the scratch
    /// folder's `workspace-state.json`; a first build has no cache to distrust.
    static func plansAnew(scratchPath: String) -> Bool {
        let state = URL(fileURLWithPath: scratchPath).appendingPathComponent("workspace-state.json")
        guard let data = try? Data(contentsOf: state),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let object = json["object"] as? [String: Any],
            let dependencies = object["dependencies"] as? [[String: Any]]
        else { return false }
        return dependencies.contains { ($0["packageRef"] as? [String: Any])?["kind"] as? String == "fileSystem" }
    }

    /// `debug`, or `release` when the extra arguments ask for it.
    var configuration: String {
        for (index, argument) in extraArguments.enumerated() {
            if argument == "-c" || argument == "--configuration", index + 1 < extraArguments.count {
                return extraArguments[index + 1]
            }
            if argument.hasPrefix("--configuration=") { return String(argument.dropFirst("--configuration=".count)) }
        }
        return "debug"
    }

    /// The compiler's first error lines (with the source line after each), else the output's end.
    static func firstErrors(_ output: String, limit: Int = 8) -> [String] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var errors: [String] = []
        var seen = Set<String>()
        for line in lines where line.contains("error:") && !line.contains("warning:") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("|") || !seen.insert(trimmed).inserted { continue }
            errors.append(trimmed)
            if errors.count == limit { break }
        }
        return errors.isEmpty ? Array(lines.filter { !$0.isEmpty }.suffix(limit)) : errors
    }
}
