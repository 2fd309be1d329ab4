import RxTraceFix
import Testing

/// (a) and (d): a dropped `Disposable` ends with the owner's bag, a new bag, the test's own bag,
/// or `take(until:)` on a deallocation signal the owner already has.
@Suite struct DroppedDisposableTests {
    @Test func usesTheOwnersBagAndKeepsTheLineAsItWas() throws {
        let source = """
            final class FeedScreen {
                private let disposeBag = DisposeBag()

                func startLeaking() {
                    // Shows every update.
                    _ = service.updates.subscribe(onNext: { [weak self] titles in self?.titles = titles })  // keep
                }
            }
            """
        let patch = try patched(source, line: 6, kind: "leakedSubscription")
        #expect(
            patch.source == """
                final class FeedScreen {
                    private let disposeBag = DisposeBag()

                    func startLeaking() {
                        // Shows every update.
                        service.updates.subscribe(onNext: { [weak self] titles in self?.titles = titles }).disposed(by: disposeBag)  // keep
                    }
                }
                """
        )
        #expect(patch.classes == [.disposedByBag])
        #expect(patch.statementLines == 6...6)
    }

    @Test func addsABagToAnOwnerWithoutOneAndCountsItsLineInTheStatementsLines() throws {
        let source = """
            /// Counts ticks.
            public final class TickCounter {
                public private(set) var ticks = 0
                public init() {}

                public func start(on scheduler: SchedulerType) {
                    _ = Observable<Int>.interval(.seconds(1), scheduler: scheduler).subscribe(onNext: { [weak self] _ in
                        self?.ticks += 1
                    })
                }
            }
            """
        let patch = try patched(source, line: 7, kind: "leakedSubscription")
        #expect(
            patch.source == """
                /// Counts ticks.
                public final class TickCounter {
                    private let disposeBag = DisposeBag()
                    public private(set) var ticks = 0
                    public init() {}

                    public func start(on scheduler: SchedulerType) {
                        Observable<Int>.interval(.seconds(1), scheduler: scheduler).subscribe(onNext: { [weak self] _ in
                            self?.ticks += 1
                        }).disposed(by: disposeBag)
                    }
                }
                """
        )
        #expect(patch.statementLines == 8...10)
        #expect(patch.summary.contains("added `private let disposeBag = DisposeBag()` to TickCounter"))
    }

    @Test func aDroppedMultiLineDriveInAnInitKeepsItsTrailingComment() throws {
        let source = """
            public final class LeakyProfileScreen {
                public private(set) var title = ""

                public init(session: SessionStore) {
                    _ = session.currentUser.asDriver()
                        .map { $0 ?? "Guest" }
                        .drive(onNext: { [weak self] name in self?.title = name })  // the dropped drive
                }
            }
            """
        let patch = try patched(source, line: 7, kind: "leakedSubscription")
        #expect(
            patch.source == """
                public final class LeakyProfileScreen {
                    private let disposeBag = DisposeBag()
                    public private(set) var title = ""

                    public init(session: SessionStore) {
                        session.currentUser.asDriver()
                            .map { $0 ?? "Guest" }
                            .drive(onNext: { [weak self] name in self?.title = name }).disposed(by: disposeBag)  // the dropped drive
                    }
                }
                """
        )
        #expect(patch.statementLines == 6...8)
    }

    @Test func aDiscardedBindInATestGetsABagLocalToTheTestNotTheTestCasesBag() throws {
        let source = """
            final class ScreenTests: XCTestCase {
                private let disposeBag = DisposeBag()

                func testShowsUpdates() {
                    let screen = Screen()
                    service.updates.bind(to: screen.titles)
                    XCTAssertEqual(screen.titles.value, [])
                }
            }
            """
        let patch = try patched(source, line: 6, kind: "leakedSubscription")
        #expect(
            patch.source == """
                final class ScreenTests: XCTestCase {
                    private let disposeBag = DisposeBag()

                    func testShowsUpdates() {
                        let disposeBag = DisposeBag()
                        let screen = Screen()
                        service.updates.bind(to: screen.titles).disposed(by: disposeBag)
                        XCTAssertEqual(screen.titles.value, [])
                    }
                }
                """
        )
    }

    @Test func aSwiftTestingTestReusesTheBagItAlreadyDeclares() throws {
        let source = """
            @Test func showsUpdates() {
                let bag = DisposeBag()
                _ = relay.subscribe(onNext: { print($0) })
            }
            """
        let patch = try patched(source, line: 3, kind: "leakedSubscription")
        #expect(
            patch.source == """
                @Test func showsUpdates() {
                    let bag = DisposeBag()
                    relay.subscribe(onNext: { print($0) }).disposed(by: bag)
                }
                """
        )
    }

    @Test func aStrongSelfInTheDroppedSubscriptionBecomesWeakSinceTheBagWouldKeepTheOwner() throws {
        let source = """
            final class Counter {
                var count = 0
                private let disposeBag = DisposeBag()
                func start() {
                    _ = values.subscribe(onNext: { _ in self.count += 1 })
                }
            }
            """
        let patch = try patched(source, line: 5, kind: "leakedSubscription")
        #expect(
            patch.source.contains(
                "values.subscribe(onNext: { [weak self] _ in self?.count += 1 }).disposed(by: disposeBag)"
            )
        )
        #expect(patch.classes == [.disposedByBag, .weakSelfCapture])
    }

    @Test func takesUntilTheDeallocationSignalTheOwnerAlreadyFires() throws {
        let source = """
            final class Poller {
                private let deallocated = PublishSubject<Void>()
                deinit { deallocated.onNext(()) }

                func start() {
                    _ = ticks
                        .subscribe(onNext: { [weak self] in self?.poll($0) })
                }
            }
            """
        let patch = try patched(source, line: 7, kind: "leakedSubscription")
        #expect(
            patch.source.contains(
                """
                        _ = ticks
                            .take(until: deallocated).subscribe(onNext: { [weak self] in self?.poll($0) })
                """
            )
        )
        #expect(patch.classes == [.takeUntilDeallocation])
    }

    @Test func noPatchWhenAnExtensionCannotAddABagAndNoDeallocationSignalExists() {
        let source = """
            extension Poller {
                func start() {
                    _ = ticks.subscribe(onNext: { [weak self] in self?.poll($0) })
                }
            }
            """
        let outcome = SourceFixer.fix(source: source, line: 3, kind: "leakedSubscription")
        #expect(reason(outcome)?.contains("no deallocation signal") == true)
    }

    @Test func noPatchInAStaticFunctionOrForAKeptDisposable() {
        let staticSource = """
            enum Feeds {
                static func start() {
                    _ = ticks.subscribe(onNext: { print($0) })
                }
            }
            """
        #expect(reason(SourceFixer.fix(source: staticSource, line: 3, kind: "leakedSubscription")) != nil)
        let kept = """
            final class Holder {
                var all: [Disposable] = []
                func start() {
                    all.append(ticks.subscribe(onNext: { print($0) }))
                }
            }
            """
        let outcome = SourceFixer.fix(source: kept, line: 4, kind: "leakedSubscription")
        #expect(reason(outcome)?.contains("not a mechanical change") == true)
    }

    @Test func aThreadAnomalyIsNotPatched() {
        let outcome = SourceFixer.fix(source: "x.subscribe()", line: 1, kind: "threadAnomaly")
        #expect(reason(outcome)?.contains("threadAnomaly") == true)
    }
}

func patched(_ source: String, line: Int, kind: String) throws -> SourcePatch {
    switch SourceFixer.fix(source: source, line: line, kind: kind) {
    case .patched(let patch): return patch
    case .noPatch(let reason): throw NoPatchError(reason: reason)
    }
}

func reason(_ outcome: FixOutcome) -> String? {
    if case .noPatch(let reason) = outcome { return reason }
    return nil
}

struct NoPatchError: Error, CustomStringConvertible {
    var reason: String
    var description: String { "no patch: \(reason)" }
}
