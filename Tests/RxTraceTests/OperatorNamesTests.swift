#if TRACE_RESOURCES
@testable import RxTrace
@testable import RxTraceReport
@testable import RxTraceAnalysis
@testable import RxTraceRunner
import RxCore
import XCTest

/// Chains are named by the APIs the user called, through the real run-twice protocol.
final class OperatorNamesTests: XCTestCase {
    private func run(_ body: @escaping (ScenarioContext) -> Void) -> ScenarioReport {
        ScenarioRunner(passes: 2).run(Scenario("names", summary: "operator names", expect: .leak) { body($0) })
    }

    func testEveryStageIsNamedByTheAPIEvenWhenOneTypeServesSeveral() {
        let report = run { context in
            let trigger = context.shared("trigger") { PublishSubject<Int>() }
            let ui = context.serialScheduler("names-ui")
            _ = trigger.flatMapLatest { _ in Observable<Int>.never() }.observe(on: ui).share(replay: 1).subscribe(
                onNext: { _ in })
            _ = trigger.map { _ in Observable<Int>.never() }.switchLatest().subscribe(onNext: { _ in })
            _ = trigger.concatMap { _ in Observable<Int>.never() }.subscribe(onNext: { _ in })
            _ = trigger.subscribe(on: ui).take(until: trigger).subscribe(onNext: { _ in })
        }

        // FlatMapLatest serves flatMapLatest and switchLatest, MergeLimited serves concat,
        // concatMap and merge(maxConcurrent:): their producers are gone, their stacks decide.
        XCTAssertEqual(
            report.findings.map(\.chainDescription),
            [
                "flatMapLatest → observe(on:) → share(replay:) → subscribe",
                "map → switchLatest → subscribe",
                "concatMap → subscribe",
                "subscribe(on:) → take(until:) → subscribe",
            ]
        )
    }

    func testTheInnerTimerOfAFlatMapLatestOnASharedTriggerIsReportedWithItsTimer() {
        let report = run { context in
            let trigger = context.shared("trigger") { PublishSubject<Int>() }
            let ticker = context.serialScheduler("names-ticker")
            _ =
                trigger
                .flatMapLatest { _ in Observable<Int>.interval(.seconds(3600), scheduler: ticker) }
                .subscribe(onNext: { _ in })
            let emitLine = #line + 1
            trigger.onNext(1)
            XCTAssertGreaterThan(emitLine, 0)
        }

        XCTAssertEqual(
            report.findings.map(\.chainDescription),
            ["flatMapLatest → subscribe", "flatMapLatest { interval }"]
        )
        // Each pass's emission re-subscribes the inner interval of every leaked outer
        // subscription: the earlier inner timers are replaced, and one more is added per pass.
        let inner = report.findings[1]
        XCTAssertEqual(
            inner.retentionReason,
            "kept alive by the periodic timer of SerialDispatchQueueScheduler(names-ticker)"
        )
        XCTAssertEqual(inner.count, 2)
        XCTAssertEqual(inner.growthPerPass, 1)
        // Without the heap graph nothing ties the outer subscription to the trigger: no reason
        // (a subject of the same type gaining observers once named an unrelated one).
        XCTAssertNil(report.findings[0].retentionReason)
    }

    func testAFlatMapNamesTheInnerThatStaysAlive() {
        let report = run { context in
            let ticker = context.serialScheduler("names-inner")
            _ = Observable.just(1)
                .flatMap { _ in Observable<Int>.interval(.seconds(3600), scheduler: ticker) }
                .subscribe(onNext: { _ in })
        }

        XCTAssertEqual(report.findings.map(\.chainDescription), ["flatMap { interval } → subscribe"])
        XCTAssertEqual(
            report.findings.first?.retentionReason,
            "kept alive by the periodic timer of SerialDispatchQueueScheduler(names-inner)"
        )
    }

    func testFunctionNamesReadAsTheUserWritesThem() {
        let cases: [(String, String?)] = [
            ("ObservableType.flatMapLatest<A>(_:)", "flatMapLatest"),
            ("static ObservableType<>.interval(_:scheduler:)", "interval"),
            ("ObservableType.observe(on:)", "observe(on:)"),
            ("ObservableType.share(replay:scope:)", "share(replay:)"),
            ("ObservableType.subscribe(onNext:onError:onCompleted:onDisposed:)", "subscribe"),
            ("(extension in RxCore):RxCore.ObservableType.take(until:)", "take(until:)"),
            ("generic specialization <Swift.Int> of ObservableType.map<A>(_:)", "map"),
            ("closure #1 in Producer.subscribe<A>(_:)", nil),
            ("partial apply for closure #1 in Feed.bind()", nil),
        ]
        for (function, expected) in cases {
            XCTAssertEqual(FunctionName(function)?.operatorName, expected, function)
        }
        XCTAssertEqual(
            FunctionName("FlatMapLatest.run<A>(_:cancel:)"),
            FunctionName(type: "FlatMapLatest", base: "run", labels: ["_", "cancel"])
        )
    }
}
#endif
