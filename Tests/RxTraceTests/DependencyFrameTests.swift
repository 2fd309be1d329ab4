#if TRACE_RESOURCES
import Foundation
import RxTrace
import TestSupport
import XCTest

@testable import RxTraceAnalysis

/// Issue 31, whose code: the user's own files told from their dependencies', the finding placed
/// at the user's own line with the dependency's frame beside it, in every format.
final class DependencyFrameTests: XCTestCase {
    private static let root = "/work/app"
    private static let retry = "/work/app/.build/rxtrace-test/checkouts/RetryKit/Sources/RetryKit/Retry.swift"
    private static let test = "/work/app/Tests/AppTests/FeedTests.swift"

    /// A `RetryKit` operator's `create` sending after its terminal event, as the test subscribed
    /// to it: RxCore's frames, the dependency's closure and operator, the test's line, XCTest.
    private static let frames = [
        SymbolicatedFrame(address: 1, function: "RxCore.AnonymousObserver.on(_:)", origin: .rxCore),
        SymbolicatedFrame(
            address: 2,
            function: "closure #1 in (extension in RetryKit):RxCore.ObservableType.retrying(times:)",
            file: retry,
            line: 12,
            origin: .user
        ),
        SymbolicatedFrame(address: 3, function: "RxCore.Producer.subscribe(_:)", origin: .rxCore),
        SymbolicatedFrame(
            address: 4,
            function: "(extension in RetryKit):RxCore.ObservableType.retrying(times:) -> RxCore.Observable<A.Element>",
            file: retry,
            line: 30,
            origin: .user
        ),
        SymbolicatedFrame(
            address: 5,
            function: "AppTests.FeedTests.testRetry() -> ()",
            file: test,
            line: 42,
            origin: .user
        ),
        SymbolicatedFrame(address: 6, function: "XCTest.XCTestCase.invokeTest()", origin: .swiftRuntime),
    ]

    func testAFileInACheckoutOrOutsideThePackageIsADependencys() {
        let package = UserPackage(root: Self.root + "/")
        XCTAssertEqual(package.dependency(of: Self.retry), "RetryKit")
        XCTAssertEqual(
            package.dependency(of: "/Users/me/App/.build/checkouts/RxSwiftExt/Source/RxSwift/and.swift"),
            "RxSwiftExt"
        )
        XCTAssertEqual(
            package.dependency(
                of: "/Users/me/Library/Developer/Xcode/DerivedData/App/SourcePackages/checkouts/Kit/Sources/Kit/A.swift"
            ),
            "Kit"
        )
        // A dependency by path: outside the package's folder.
        XCTAssertEqual(package.dependency(of: "/work/Shared/Sources/Shared/Feed.swift"), "Shared")
        XCTAssertEqual(package.dependency(of: "/work/application/Sources/App/A.swift"), "application")
        // The package's own sources and tests, and a report's relative paths.
        XCTAssertNil(package.dependency(of: Self.test))
        XCTAssertNil(package.dependency(of: "/work/app/Sources/App/../App/Feed.swift"))
        XCTAssertNil(package.dependency(of: "Sources/App/Feed.swift"))
        // Without a root, only checkouts are told.
        XCTAssertEqual(UserPackage(root: nil).dependency(of: Self.retry), "RetryKit")
        XCTAssertNil(UserPackage(root: nil).dependency(of: "/work/Shared/Sources/Shared/Feed.swift"))
        XCTAssertNil(UserPackage(root: "").root)
    }

    func testTheFindingsLineIsTheUsersOwnAndTheDependencyFrameNearestItIsKept() throws {
        let symbolicator = Symbolicator(userPackage: UserPackage(root: Self.root))
        XCTAssertEqual(symbolicator.callSite(in: Self.frames)?.address, 5, "the test's line, past RetryKit's")
        let via = try XCTUnwrap(symbolicator.dependencyCall(in: Self.frames))
        XCTAssertEqual(via.package, "RetryKit")
        XCTAssertEqual(via.location.file, Self.retry)
        XCTAssertEqual(via.location.line, 30, "the operator the test called, nearest its line")
        XCTAssertEqual(via.text, "via RetryKit's retrying(times:) at \(Self.retry):30")
        // Where the stack has no line of the user's own, the dependency's innermost is the line.
        let onlyDependency = Array(Self.frames.prefix(4))
        XCTAssertEqual(symbolicator.callSite(in: onlyDependency)?.address, 2)
        XCTAssertNil(symbolicator.dependencyCall(in: onlyDependency))
        // The user's own code called by nothing of a dependency's: no frame beside it.
        let own = [Self.frames[0], Self.frames[2], Self.frames[4]]
        XCTAssertEqual(symbolicator.callSite(in: own)?.address, 5)
        XCTAssertNil(symbolicator.dependencyCall(in: own))
        // A dependency frame outside the user's line (a library calling the user's closure) is
        // not what the user's line called.
        let calledBack = [Self.frames[0], Self.frames[4], Self.frames[3]]
        XCTAssertEqual(symbolicator.callSite(in: calledBack)?.address, 5)
        XCTAssertNil(symbolicator.dependencyCall(in: calledBack))
    }

    func testShortNamesOfADependencysFunctions() {
        XCTAssertEqual(
            DependencyCall.shortName(
                "closure #1 in closure #2 in (extension in RetryKit):RxCore.ObservableType.retrying(times:) -> RxCore.Observable<A.Element>"
            ),
            "retrying(times:)"
        )
        XCTAssertEqual(DependencyCall.shortName("closure #1 in closure #1 in ObservableType<>.and()"), "and()")
        XCTAssertEqual(DependencyCall.shortName("RetryKit.Retrying.run()"), "run()")
        XCTAssertEqual(DependencyCall.shortName("retry"), "retry")
    }

    /// A thread anomaly a dependency's operator caused, as `rxtrace test` reports it once its
    /// paths are placed against the repository: the test's line is the finding's, RetryKit's
    /// frame beside it, with the verdict, the words and the fix of anomaly 2, in all six formats.
    func testADependencysAnomalyIsPlacedAtTheUsersLineInEveryFormat() throws {
        let symbolicator = Symbolicator(userPackage: UserPackage(root: Self.root))
        var report = ThreadAnomalyFixHintTests.report(kind: "eventAfterTerminal", number: 2, stage: nil)
        report.scenarios[0].name = "testRetry"
        report.scenarios[0].findings[0].callSite = symbolicator.callSite(in: Self.frames)?.location
        report.scenarios[0].findings[0].backtrace = Self.frames.map(\.reportFrame)
        report.scenarios[0].findings[0].snippet = nil
        report.scenarios[0].findings[0].viaDependency = symbolicator.dependencyCall(in: Self.frames)
        report.scenarios[0] = report.scenarios[0].locatingPaths(in: SourceRoot(path: Self.root))
        let finding = report.scenarios[0].findings[0]
        let formats = try EveryFormat(report)
        let failure = try formats.expectFails("testRetry", on: finding.headline)
        XCTAssertTrue(failure.stringValue?.contains("    at Tests/AppTests/FeedTests.swift:42") == true, "\(failure)")
        // JSON holds them as fields, checked below.
        let prose: [ReportFormat] = [.text, .markdown, .html, .sarif, .junit]
        formats.expect("Tests/AppTests/FeedTests.swift:42", in: prose)
        formats.expect("via RetryKit's retrying(times:) at RetryKit/Sources/RetryKit/Retry.swift:30", in: prose)
        formats.expect("Stop sending after `onCompleted`/`onError`", in: prose)
        let validated = try SchemaValidator.validate("json", formats.rendered[.json] ?? "")
        XCTAssertEqual(validated.status, 0, validated.output)
        let json = try formats.jsonFinding()
        XCTAssertEqual((json["callSite"] as? [String: Any])?["file"] as? String, "Tests/AppTests/FeedTests.swift")
        let via = try XCTUnwrap(json["viaDependency"] as? [String: Any])
        XCTAssertEqual(via["package"] as? String, "RetryKit")
        XCTAssertEqual((via["location"] as? [String: Any])?["file"] as? String, "RetryKit/Sources/RetryKit/Retry.swift")
        XCTAssertEqual((via["location"] as? [String: Any])?["fileBase"] as? String, "outside")
        // The frames stay the user's to read: shown, not folded with RxCore's.
        formats.expect("retrying(times:)", in: [.text])
        let sarif = try XCTUnwrap(try formats.sarifResults().first)
        let location = (sarif["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        XCTAssertEqual(
            (location?["artifactLocation"] as? [String: Any])?["uri"] as? String,
            "Tests/AppTests/FeedTests.swift"
        )
    }
}
#endif
