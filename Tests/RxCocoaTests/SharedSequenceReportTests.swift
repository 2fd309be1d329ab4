#if TRACE_RESOURCES
import Foundation
import RxCocoa
import RxRelay
import RxSwift
@testable import RxTrace
@testable import RxTraceReport
@testable import RxTraceAnalysis
@testable import RxTraceRunner
import XCTest

/// A profile screen whose `drive` Disposable is dropped, its chain written over three lines.
final class MultiLineDriveScreen {
    private(set) var title = ""

    init(names: BehaviorRelay<String?>) {
        _ = names.asDriver()
            .map { $0 ?? "Guest" }
            .drive(onNext: { [weak self] name in self?.title = name })
    }
}

/// A screen that counts a relay's items through a Driver and bags the subscription, but whose
/// closure captures `self` strongly (what a team wrote in its first rxtrace scenario).
final class StrongSelfHeader {
    private(set) var count = 0
    private let disposeBag = DisposeBag()

    init(items: BehaviorRelay<[String]>) {
        items.asDriver()
            .map { $0.count }
            .drive(onNext: { [self] count in self.count = count })
            .disposed(by: disposeBag)
    }
}

/// The same screen with `[weak self]` and its Disposable dropped: a leak the bag cannot help.
final class DroppedDriveHeader {
    private(set) var count = 0
    private let disposeBag = DisposeBag()

    init(items: BehaviorRelay<[String]>) {
        _ = items.asDriver().map { $0.count }.drive(onNext: { [weak self] count in self?.count = count })
    }
}

/// Driver and Signal chains read in rxtrace's reports as the user wrote them: a leaked chain is
/// named by the APIs called (`asDriver(onErrorJustReturn:) → map → drive`), at the user's
/// `drive`/`emit`/`bind` line, and the hop report shows a Driver's delivery on MainScheduler.
/// Each test runs a real chain through the run-twice protocol and the analysis.
final class SharedSequenceReportTests: XCTestCase {
    private func leaks(_ body: @escaping (ScenarioContext) -> Void) -> ScenarioReport {
        ScenarioRunner(passes: 2).run(
            Scenario("shared-sequence-names", summary: "Driver/Signal leaks", expect: .leak) { body($0) }
        )
    }

    func testALeakedDriverIsNamedByTheAPIsCalledAtTheDriveLine() {
        var driveLine = 0
        let report = leaks { context in
            let subject = context.shared("subject") { PublishSubject<Int>() }
            driveLine = #line + 1
            _ = subject.asDriver(onErrorJustReturn: 0).map { $0 + 1 }.drive(onNext: { _ in })
        }

        XCTAssertEqual(report.findings.map(\.chainDescription), ["asDriver(onErrorJustReturn:) → map → drive"])
        XCTAssertEqual(report.findings.first?.callSite?.line, driveLine)
        XCTAssertEqual(report.findings.first?.callSite?.file.hasSuffix("SharedSequenceReportTests.swift"), true)
    }

    func testALeakedSignalIsNamedByTheAPIsCalledAtTheEmitLine() {
        var emitLine = 0
        let report = leaks { context in
            let taps = context.shared("taps") { PublishRelay<Int>() }
            emitLine = #line + 1
            _ = taps.asSignal().filter { $0 > 0 }.emit(onNext: { _ in })
        }

        XCTAssertEqual(report.findings.map(\.chainDescription), ["asSignal → filter → emit"])
        XCTAssertEqual(report.findings.first?.callSite?.line, emitLine)
    }

    func testDriveIntoARelayAndBindAreNamedAtTheirLines() {
        var driveLine = 0
        var bindLine = 0
        let report = leaks { context in
            let state = context.shared("state") { BehaviorRelay<Int>(value: 0) }
            let mirror = context.shared("mirror") { BehaviorRelay<Int>(value: 0) }
            let input = context.shared("input") { PublishSubject<String>() }
            let text = context.shared("text") { BehaviorRelay<String>(value: "") }
            driveLine = #line + 1
            _ = state.asDriver().drive(mirror)
            bindLine = #line + 1
            _ = input.map { $0.uppercased() }.bind(to: text)
        }

        let byLine = Dictionary(
            report.findings.map { ($0.callSite?.line ?? 0, $0.chainDescription) },
            uniquingKeysWith: { $1 }
        )
        XCTAssertEqual(
            byLine[driveLine],
            "asDriver → drive",
            "\(report.findings.map { ($0.callSite?.line, $0.chainDescription) })"
        )
        XCTAssertEqual(
            byLine[bindLine],
            "map → bind(to:)",
            "\(report.findings.map { ($0.callSite?.line, $0.chainDescription) })"
        )
    }

    func testTheUsersOwnShareIsAStageAndTheDriversSharingIsNot() {
        var driveLine = 0
        let report = leaks { context in
            let answers = context.shared("answers") { PublishSubject<Int>() }
            driveLine = #line + 1
            _ = answers.share().map { "\($0)" }.asDriver(onErrorJustReturn: "").drive(onNext: { _ in })
        }

        XCTAssertEqual(
            report.findings.map(\.chainDescription),
            ["share(replay:) → map → asDriver(onErrorJustReturn:) → drive"]
        )
        XCTAssertEqual(report.findings.first?.callSite?.line, driveLine)
    }

    func testCombinedDriversAndControlEventsAreNamedByTheirAPIs() {
        var combineLine = 0
        var eventLine = 0
        let report = leaks { context in
            let name = context.shared("name") { BehaviorRelay<String>(value: "") }
            let age = context.shared("age") { BehaviorRelay<Int>(value: 0) }
            let taps = context.shared("taps") { PublishSubject<Void>() }
            combineLine = #line + 1
            _ = Driver.combineLatest(name.asDriver(), age.asDriver()) { "\($0) \($1)" }.drive(onNext: { _ in })
            eventLine = #line + 1
            _ = ControlEvent(events: taps).asSignal().emit(onNext: {})
        }

        let byLine = Dictionary(
            report.findings.map { ($0.callSite?.line ?? 0, $0.chainDescription) },
            uniquingKeysWith: { $1 }
        )
        XCTAssertEqual(byLine[combineLine], "asDriver → combineLatest → drive", "\(byLine)")
        XCTAssertEqual(byLine[eventLine], "ControlEvent → asSignal → emit", "\(byLine)")
    }

    func testAnErrorPolicyLabelNamesTheConversionButAnEventHandlerLabelDoesNot() {
        let cases: [(String, String?)] = [
            ("ObservableConvertibleType.asDriver(onErrorJustReturn:)", "asDriver(onErrorJustReturn:)"),
            ("ObservableConvertibleType.asSignal(onErrorSignalWith:)", "asSignal(onErrorSignalWith:)"),
            ("ObservableConvertibleType.asInfallible(onErrorRecover:)", "asInfallible(onErrorRecover:)"),
            ("SharedSequenceConvertibleType<>.drive(onNext:onCompleted:onDisposed:)", "drive"),
            ("ObservableType.subscribe(onError:)", "subscribe"),
            // Release builds name specialised functions in the short form.
            ("specialized SharedSequenceConvertibleType<>.emit(onNext:onCompleted:onDisposed:)", "emit"),
            ("specialized static SharedSequence.combineLatest<A, B>(_:_:resultSelector:)", "combineLatest"),
        ]
        for (function, expected) in cases {
            XCTAssertEqual(FunctionName(function)?.operatorName, expected, function)
        }
    }

    /// One call, one name, wherever the report names stages: the hop line of a leaked Driver
    /// reads like its leak (before, the hops showed `asDriver(onErrorJustReturn:)` twice).
    func testTheHopsOfALeakedDriverNameItsStagesAsTheLeakDoes() {
        var driveLine = 0
        let report = leaks { context in
            let subject = context.shared("subject") { PublishSubject<Int>() }
            driveLine = #line + 1
            _ = subject.asDriver(onErrorJustReturn: 0).map { $0 + 1 }.drive(onNext: { _ in })
            subject.onNext(1)
        }

        let leak = report.findings.first { $0.kind == .leakedSubscription && $0.callSite?.line == driveLine }
        XCTAssertEqual(leak?.operatorChain, ["asDriver(onErrorJustReturn:)", "map", "drive"])
        let chains = Dictionary(grouping: report.threadHops, by: { $0.chain ?? -1 }).values.map {
            $0.sorted { ($0.position ?? 0) < ($1.position ?? 0) }
        }
        let atDrive = chains.filter { $0.last?.callSite?.line == driveLine }.map { $0.map(\.stage) }
        XCTAssertEqual(atDrive.count, 1, "\(report.threadHops.map { ($0.chain, $0.stage) })")
        XCTAssertEqual(atDrive.first, leak?.operatorChain, "the hop line names the same calls as the leak")
    }

    /// A chain written over several lines, found by the in-process check (`XCTAssertNoRxLeaks`
    /// runs it in the test process, whose stacks are deep): its producers, made at the operator
    /// lines, belong to the `drive` line's subscription as in `rxtrace run`. Before, the stacks cut
    /// at the capture depth hid that, and the chain read `asDriver → share(replay:) → map →
    /// share(replay:) → drive` while its hop line and `rxtrace run` read `asDriver → map → drive`.
    func testAMultiLineDriverChainReadsTheSameInTheInProcessCheck() {
        let report = leaks { context in
            let names = context.shared("names") { BehaviorRelay<String?>(value: nil) }
            _ = MultiLineDriveScreen(names: names)
            names.accept("ada")
        }
        let leak = report.findings.first { $0.kind == .leakedSubscription }
        XCTAssertEqual(leak?.operatorChain, ["asDriver", "map", "drive"], "\(report.findings.map(\.headline))")
        let chains = Dictionary(grouping: report.threadHops, by: { $0.chain ?? -1 }).values.map {
            $0.sorted { ($0.position ?? 0) < ($1.position ?? 0) }
        }
        XCTAssertEqual(
            chains.first { $0.last?.callSite?.line == leak?.callSite?.line }?.map(\.stage),
            leak?.operatorChain
        )
    }

    /// A Driver's Disposable refers to its shared connection weakly, so a bagged `drive` whose
    /// closure captures `self` strongly makes no cycle on the heap: the relay keeps the
    /// subscription, which keeps the screen and its bag. The fix used to say "add
    /// `.disposed(by: disposeBag)`", which the line already had; it names the capture now.
    func testABaggedDriveWhoseClosureKeepsItsOwnerIsToldToCaptureItWeakly() {
        setenv("RXTRACE_HEAP_GRAPH", "on", 1)
        defer { unsetenv("RXTRACE_HEAP_GRAPH") }
        let strong = leaks { context in
            let items = context.shared("items") { BehaviorRelay<[String]>(value: []) }
            _ = StrongSelfHeader(items: items)
            items.accept(["first"])
        }
        let leak = strong.findings.first { $0.kind == .leakedSubscription }
        XCTAssertEqual(leak?.operatorChain, ["asDriver", "map", "drive"])
        XCTAssertEqual(leak?.fix?.hasPrefix("closure #"), true, leak?.fix ?? "no fix of its own")
        XCTAssertEqual(
            leak?.fix?.contains(
                "in StrongSelfHeader.init(items:) captures StrongSelfHeader strongly, so StrongSelfHeader and its `disposeBag` live as long as this subscription"
            ),
            true,
            leak?.fix ?? ""
        )
        XCTAssertEqual(leak?.fixHint.contains("[weak self]"), true)
        XCTAssertEqual(leak.map { TextReportRenderer().render($0) }?.contains("fix: closure #"), true)

        let weak = leaks { context in
            let items = context.shared("items") { BehaviorRelay<[String]>(value: []) }
            _ = DroppedDriveHeader(items: items)
            items.accept(["first"])
        }
        let dropped = weak.findings.first { $0.kind == .leakedSubscription }
        XCTAssertNotNil(dropped)
        XCTAssertNil(
            dropped?.fix,
            "a weak capture keeps nothing: the kind's fix (dispose it with the owner) is the right one"
        )
        XCTAssertEqual(dropped?.fixHint, FindingKind.leakedSubscription.fixHint)
    }

    func testTheHopReportShowsADriversDeliveryOnMainScheduler() {
        var driveLine = 0
        let scenario = Scenario(
            "driver-hops",
            summary: "a Driver moves an answer to the main thread",
            expect: .hopsReported
        ) { context in
            let api = context.serialScheduler("api")
            var answer: Int?
            driveLine = #line + 4  // the `.drive` line
            let subscription = Observable.just(41, scheduler: api)
                .asDriver(onErrorJustReturn: 0)
                .map { $0 + 1 }
                .drive(onNext: { answer = $0 })
            _ = context.wait(until: { answer != nil })
            subscription.dispose()
            context.expectHops(["api", "main"], subscribedOn: "main")
        }
        let report = ScenarioRunner(passes: 2, drainTimeout: 5).run(scenario)

        XCTAssertTrue(report.passed, "\(report.failureReasons)")
        let chain = report.threadHops.filter { $0.chain == 0 }.sorted { ($0.position ?? 0) < ($1.position ?? 0) }
        // asDriver(onErrorJustReturn:) builds two stages, its observe(on: MainScheduler) and its
        // catch: one call, one stage, delivering on MainScheduler.
        XCTAssertEqual(chain.map(\.stage), ["just", "asDriver(onErrorJustReturn:)", "map", "drive"])
        XCTAssertEqual(chain.first?.scheduler, "SerialDispatchQueueScheduler(api)")
        XCTAssertEqual(chain.last?.stage, "drive")
        XCTAssertEqual(chain.last?.callSite?.line, driveLine)
        let conversion = chain.first { $0.stage == "asDriver(onErrorJustReturn:)" && $0.isHop == true }
        XCTAssertEqual(conversion?.scheduler, "MainScheduler", "\(chain.map { ($0.stage, $0.scheduler, $0.thread) })")
        XCTAssertEqual(conversion?.thread, "main")
        XCTAssertEqual(chain.last?.scheduler, "MainScheduler")
    }
}
#endif
