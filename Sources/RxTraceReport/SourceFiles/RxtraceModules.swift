/// rxtrace's own modules, named once: how frames, heap objects and source paths are told apart
/// from the user's.
package enum RxtraceModules {
    /// RxCore and the modules under RxSwift's names (RxSwift, RxRelay, RxTest and RxBlocking
    /// re-export RxCore's; RxCocoa's Driver/Signal code is library code too, so a leak is
    /// reported at the user's `drive`/`emit` line, never inside SharedSequence).
    package static let rxCore: Set<String> = [
        "RxCore", "RxCoreTesting", "RxCoreBlocking", "RxSwift", "RxRelay", "RxCocoa", "RxTest", "RxBlocking",
    ]
    /// The leak tool's layers, and the test assertions (`XCTAssertNoRxLeaks`, `expectNoRxLeaks`)
    /// and test session between the user's test and the run.
    package static let rxTrace: Set<String> = [
        "RxTraceReport", "RxTraceAnalysis", "RxTraceRunner", "RxTrace", "RxTraceTesting", "RxTraceTestSession",
    ]
    /// Every source folder of the package: the above, the built-in scenarios and the C targets.
    package static let sourceFolders: Set<String> = rxCore.union(rxTrace).union([
        "RxTraceScenarios", "CUnwind", "CRxHeapGraph", "CRxTraceThread",
    ])
}
