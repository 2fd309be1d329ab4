#if os(Linux)
import Foundation
import Glibc
import XCTest

// The test session's only runtime hook (docs/runtime-hooks.md). SwiftPM's generated test runner
// calls swift-corelibs-xctest's `XCTMain(_:)` with every test's class and closure. This target is
// linked into a package's test binary only in builds made by `rxtrace test` (the manifest adds it
// to rxtrace's library products when RXTRACE_TEST_SESSION_BUILD=1), and there this function,
// defined under `XCTMain`'s mangled name, takes the runner's call: a definition in the executable
// wins over the shared library's. It hands the entries to the test session, which keeps the
// closures (a test's second run needs a fresh instance of its class) and chooses the tests to
// run, then calls the library's own `XCTMain`. Outside a session (no RXTRACE_TEST_SESSION in the
// environment) it forwards the entries unchanged. Measured on swift-corelibs-xctest 6.3.1.
private let xctMainSymbol = "$s6XCTest7XCTMainys5NeverOSayAA0A4CaseCm04testD5Class_SaySS_yAFKctG8allTeststGF"

@_silgen_name("$s6XCTest7XCTMainys5NeverOSayAA0A4CaseCm04testD5Class_SaySS_yAFKctG8allTeststGF")
public func rxtraceTestSessionXCTMain(_ entries: [XCTestCaseEntry]) -> Never {
    let selected = TestSession.start(entries)
    typealias XCTMainFunction = @convention(thin) ([XCTestCaseEntry]) -> Never
    guard let next = dlsym(UnsafeMutableRawPointer(bitPattern: -1), xctMainSymbol) else {
        FileHandle.standardError.write(
            Data("rxtrace test: XCTest's XCTMain was not found (\(String(cString: dlerror())))\n".utf8)
        )
        exit(2)
    }
    unsafeBitCast(next, to: XCTMainFunction.self)(selected)
}
#endif
