import XCTest

@testable import RxTrace
@testable import RxTraceAnalysis
@testable import RxTraceReport
@testable import RxTraceRunner

final class SymbolNameTests: XCTestCase {
    func testClosureInTopLevelCodeIsNamed() {
        // What the Runtime module prints for a closure in a main.swift global (module dropped).
        XCTAssertEqual(Symbolicator.readableName("closure #1 in "), "closure #1 in top-level code")
    }

    func testOrdinaryNamesAreUnchanged() {
        XCTAssertEqual(Symbolicator.readableName("FeedScreen.init(service:)"), "FeedScreen.init(service:)")
        XCTAssertEqual(
            Symbolicator.readableName("closure #4 in variable initialization expression of intervalScenarios"),
            "closure #4 in variable initialization expression of intervalScenarios"
        )
    }
}

#if TRACE_RESOURCES
final class FrameNamingTests: XCTestCase {
    func testTheUsersMainIsTheirCodeNamedMain() {
        // SwiftPM renames an executable's main to <module>_main.
        let name = Symbolicator.readableName(
            "FeedApp_main",
            rawName: "FeedApp_main",
            file: "/src/Sources/FeedApp/main.swift"
        )
        XCTAssertEqual(name, "main")
        XCTAssertEqual(
            FrameClassifier.origin(
                function: name,
                rawName: "FeedApp_main",
                file: "/src/Sources/FeedApp/main.swift",
                image: "FeedApp"
            ),
            .user
        )
        // A C function that happens to end in _main, outside main.swift, is left alone.
        XCTAssertEqual(Symbolicator.readableName("loop_main", rawName: "loop_main", file: "/src/loop.c"), "loop_main")
    }

    /// Seen in a package that depends on rxtrace: a leak found by XCTAssertNoRxLeaks listed the
    /// assertion's own frame (`rxtrace/Sources/RxTraceTesting/XCTAssertNoRxLeaks.swift:26`) as
    /// a frame of the user's, between the test and its closure.
    func testTheLeakAssertionsFramesAreRxTracesNotTheUsers() {
        let function = "XCTAssertNoRxLeaks(passes:drainTimeout:_:file:line:_:)"
        let raw =
            "$s14RxTraceTesting011XCTAssertNoA5Leaks6passes12drainTimeout_4file4line_ySi_SdSSyXKs12StaticStringVSuyyKXEtF"
        let file = "/work/app/.build/checkouts/rxtrace/Sources/RxTraceTesting/XCTAssertNoRxLeaks.swift"
        XCTAssertEqual(
            FrameClassifier.origin(function: function, rawName: raw, file: file, image: "FeedPackageTests.xctest"),
            .rxTrace
        )
        XCTAssertEqual(
            FrameClassifier.origin(function: function, rawName: raw, file: nil, image: "FeedPackageTests.xctest"),
            .rxTrace,
            "by module"
        )
        XCTAssertEqual(
            FrameClassifier.origin(
                function: "expectNoRxLeaks(passes:drainTimeout:_:sourceLocation:_:)",
                rawName: nil,
                file: "/src/rxtrace/Sources/RxTraceTesting/ExpectNoRxLeaks.swift",
                image: nil
            ),
            .rxTrace,
            "by folder"
        )
    }

    /// Seen after RxTrace was split into layers: `make demo` listed the runner's frames
    /// (`ScenarioRunner.run(_:)`, Sources/RxTraceRunner/…) as the user's, and a virtual clock's
    /// scheduled work no longer counted as library machinery. Every layer is rxtrace's own.
    func testEveryLayerOfRxTraceIsRxTracesOwnCode() {
        for module in ["RxTraceReport", "RxTraceAnalysis", "RxTraceRunner", "RxTrace"] {
            XCTAssertEqual(
                FrameClassifier.origin(
                    function: "Thing.run(_:)",
                    rawName: nil,
                    file: "/src/rxtrace/Sources/\(module)/Runner/Thing.swift",
                    image: "rxtrace"
                ),
                .rxTrace,
                "by folder: \(module)"
            )
            XCTAssertEqual(
                FrameClassifier.origin(function: "\(module).Thing.run(_:)", rawName: nil, file: nil, image: "rxtrace"),
                .rxTrace,
                "by module: \(module)"
            )
            XCTAssertFalse(HeapObjectKind.instance(typeName: "VirtualClock", module: module).isUserObject, module)
        }
    }

    /// Seen running a package's tests under `rxtrace test`: a leak's backtrace listed the test
    /// session's observer (it runs an XCTest test a second time) and the thunk Swift Testing's
    /// @Test macro generates (a mangled name in `swift-generated-sources/@__swiftmacro_…`) as
    /// frames of the user's, between the test and the runtime.
    func testTheTestSessionsAndTheTestMacrosFramesAreNotTheUsers() {
        XCTAssertEqual(
            FrameClassifier.origin(
                function: "XCTestUnitObserver.testCaseDidFinish(_:)",
                rawName: nil,
                file: "/work/app/.build/checkouts/rxtrace/Sources/RxTraceTestSession/XCTestUnitObserver.swift",
                image: "AppPackageTests.xctest"
            ),
            .rxTrace
        )
        XCTAssertEqual(
            FrameClassifier.origin(
                function:
                    "protocol witness for XCTestObservation.testCaseDidFinish(_:) in conformance XCTestUnitObserver",
                rawName:
                    "$s18RxTraceTestSession18XCTestUnitObserverC6XCTest0F11ObservationAadEP17testCaseDidFinishyyAD0fH0CFTW",
                file: nil,
                image: "AppPackageTests.xctest"
            ),
            .rxTrace,
            "by module"
        )
        let macroThunk =
            "$s9FeedTests0a11ScreenSwiftB0V07leakingC04TestfMp_7__localfMu0_ #1 @Sendable (_:) in static FeedScreenSwiftTests.leakingScreen()"
        XCTAssertEqual(
            FrameClassifier.origin(
                function: macroThunk,
                rawName: nil,
                file: "swift-generated-sources/@__swiftmacro_9FeedTests0a11ScreenSwiftB0V07leakingC04TestfMp_.swift",
                image: "AppPackageTests.xctest"
            ),
            .system
        )
        XCTAssertEqual(
            FrameClassifier.origin(
                function: "FeedScreenSwiftTests.leakingScreen()",
                rawName: nil,
                file: "/work/app/Tests/FeedTests/FeedScreenSwiftTests.swift",
                image: "AppPackageTests.xctest"
            ),
            .user,
            "the test function itself stays the user's"
        )
    }

    func testAPartialApplyThunkIsNotASecondFrame() {
        let closure = SymbolicatedFrame(
            address: 1,
            function: "closure #1 in Feed.bind()",
            file: "Feed.swift",
            line: 9,
            origin: .user
        )
        let thunk = SymbolicatedFrame(
            address: 2,
            function: "partial apply for closure #1 in Feed.bind()",
            origin: .user
        )
        let caller = SymbolicatedFrame(address: 3, function: "Feed.bind()", file: "Feed.swift", line: 12, origin: .user)
        let other = SymbolicatedFrame(
            address: 4,
            function: "partial apply for closure #2 in Feed.bind()",
            origin: .user
        )

        XCTAssertEqual(
            Symbolicator.droppingForwardingThunks([closure, thunk, caller, other]).map(\.address),
            [1, 3, 4]
        )
    }

    /// Issue 31: a dependency's operator (its sources in a `Sources/RxSwift/` folder of its own,
    /// its module `RetryKit`) was tagged RxCore and folded away. Only rxtrace's own modules are
    /// library code; the dependency's frame is code the user can read, shown and placed.
    func testADependencysFrameInAFolderNamedLikeRxtracesIsNotRxtraces() {
        let function = "closure #1 in (extension in RetryKit):RxSwift.ObservableType.retrying(times:)"
        let file = "/work/app/.build/checkouts/RetryKit/Sources/RxSwift/Retrying.swift"
        XCTAssertEqual(
            FrameClassifier.origin(function: function, rawName: nil, file: file, image: "AppPackageTests.xctest"),
            .user
        )
        let raw = "$s8RetryKit8RetryingC3runyyF"
        XCTAssertEqual(
            FrameClassifier.origin(
                function: "Retrying.run()",
                rawName: raw,
                file: file,
                image: "AppPackageTests.xctest"
            ),
            .user,
            "by its mangled module"
        )
        // rxtrace's own RxSwift-named sources, wherever this package is checked out, stay its own.
        let own = try! XCTUnwrap(FrameClassifier.ownSourcesFolder) + "RxCore/Operators/Map.swift"
        XCTAssertEqual(
            FrameClassifier.origin(
                function: "(extension in RxCore):RxCore.ObservableType.map(_:)",
                rawName: nil,
                file: own,
                image: nil
            ),
            .rxCore
        )
    }

    /// Issue 31: RxSwiftExt's `and()` (in its own `Source/RxSwift/and.swift`) sent `completed`
    /// after its terminal event; its frames were tagged RxCore and folded away, because a
    /// mangled extension member starts with the extended type's module and the Runtime module's
    /// short name (`closure #1 in closure #1 in ObservableType<>.and()`) drops the extension's.
    func testAnExtensionOfRxCoresTypesDeclaredInAnotherModuleIsThatModulesCode() {
        let raw =
            "$s6RxCore14ObservableTypeP0A8SwiftExtSb7ElementRtzrlE3andAA17PrimitiveSequenceVyAA10MaybeTraitOSbGyF"
            + "AA10Disposable_pyAA0K5EventOySbGccfU_yAA0N0OySbGcfU_"
        XCTAssertEqual(FrameClassifier.declaringModule(raw), "RxSwiftExt")
        XCTAssertEqual(
            FrameClassifier.origin(
                function: "closure #1 in closure #1 in ObservableType<>.and()",
                rawName: raw,
                file: "/work/RxSwiftExt/Source/RxSwift/and.swift",
                image: "RxSwiftExtPackageTests.xctest"
            ),
            .user
        )
        // RxCore's own extension members stay RxCore's: `ObservableType.map(_:)` and the
        // RxCore extension of a Foundation type.
        XCTAssertEqual(
            FrameClassifier.declaringModule(
                "$s6RxCore14ObservableTypePAAE3mapyAA10ObservableCyqd__Gqd__7ElementQzKclF"
            ),
            "RxCore"
        )
        XCTAssertEqual(
            ExtensionModule.declaringModule(
                inDemangled:
                    "(extension in RxCore):Foundation.NotificationCenter.rx.getter : RxCore.Reactive<Foundation.NotificationCenter>"
            ),
            "RxCore"
        )
        // An extension named only inside a specialization's arguments or a closure's signature
        // says nothing of where the function was declared.
        XCTAssertNil(
            ExtensionModule.declaringModule(
                inDemangled: "generic specialization <(extension in App):App.Feed.Item> of RxCore.MapSink.on(_:) -> ()"
            )
        )
        XCTAssertEqual(
            ExtensionModule.declaringModule(
                inDemangled:
                    "closure #1 (RxCore.Event<(extension in Kit):Kit.Box.Item>) -> () in (extension in App):RxCore.ObservableType.feed() -> ()"
            ),
            "App"
        )
    }
}
#endif

#if TRACE_RESOURCES
final class LineTableSymbolizerTests: XCTestCase {
    func testReadsOneBlockPerAddressInlinedFramesFirst() {
        let output = """
            $s4Feed4bindyyF
            /src/Sources/App/Feed.swift:42:12

            $s6RxCore3mapyyF
            /src/Sources/RxCore/Map.swift:7:5
            $s4Feed4bindyyF
            /src/Sources/App/Feed.swift:43:9

            ??
            ??:0:0


            """
        let parsed = LineTableSymbolizer.parse(output, offsets: [0x10, 0x20, 0x30])

        XCTAssertEqual(
            parsed[0x10],
            [.init(linkageName: "$s4Feed4bindyyF", file: "/src/Sources/App/Feed.swift", line: 42)]
        )
        XCTAssertEqual(parsed[0x20]?.map(\.line), [7, 43])
        XCTAssertNil(parsed[0x30], "an address the tool could not read is left to the Runtime module")
    }
}
#endif
