import RxTrace
import XCTest

final class TextReportRendererTests: XCTestCase {
    /// Seen in the fixture suite's report: a reference cycle printed two `fix:` lines, the generic
    /// "capture the owner weakly" and then the cycle's own. One fix a finding: the cycle's, also
    /// for a report written before cycle findings carried it.
    func testAReferenceCycleHasOneFixLineTheCyclesOwn() {
        let own = "closure #1 in Screen.bind() captures Screen strongly: capture it with `[weak self]`"
        let cycle = ReportCycle(
            signature: "c1",
            steps: [
                .init(typeName: "Screen", via: "disposeBag"),
                .init(typeName: "MapSink<Int, Int>", via: "transform", closure: "closure #1 in Screen.bind()"),
            ],
            breakAt: 1,
            fix: own,
            count: 1
        )
        for findingFix in [own, nil] {
            let finding = LeakFinding(
                signature: "c1",
                kind: .referenceCycle,
                resourceTypes: ["Screen"],
                count: 1,
                fix: findingFix
            )
            let scenario = ScenarioReport(
                name: "cycle",
                summary: "a cycle",
                expectedVerdict: .clean,
                actualVerdict: .cycle,
                status: .leaked,
                findings: [finding],
                cycles: [cycle]
            )
            let text = TextReportRenderer(colour: false).render(RunReport(scenarios: [scenario]))
            let fixes = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("fix:") }
            XCTAssertEqual(fixes.map { $0.trimmingCharacters(in: .whitespaces) }, ["fix: \(own)"], text)
        }
    }

    func testFindingShowsHeadlineCallSiteGrowthReasonAndFoldedBacktrace() {
        let text = TextReportRenderer(colour: false).render(ReportFixtures.leak())

        XCTAssertEqual(
            text,
            """
              2 leaked subscriptions · interval → map → subscribe
                at Sources/App/Feed.swift:42 in FeedViewModel.bind()
                  .map { "tick \\($0)" }.subscribe(onNext: { [label] in label.text = $0 })
                grows by 1 per pass (still alive per pass: 1, 1)
                kept alive by the periodic timer of SerialDispatchQueueScheduler(feed)
                types: IntervalSink<Int>, MapSink<Int, String>, AnonymousObserver<String>
                signature: sig-interval-map
                fix: Dispose it with the owner: add `.disposed(by: disposeBag)`, or end it with `take(until:)` on the owner's lifetime.
                backtrace:
                  … 5 RxTrace and RxCore frames
                  5 FeedViewModel.bind()  Sources/App/Feed.swift:42
                  6 main  Sources/App/main.swift:3
                  … 2 system frames

            """
        )
    }

    func testRunReportHasScenarioLinesAndSummary() {
        let text = TextReportRenderer(colour: false).render(ReportFixtures.run())

        XCTAssertTrue(text.hasPrefix("\(ToolInfo.rxtrace.nameAndVersion) · 4 scenarios · Linux x86_64\n"), text)
        XCTAssertTrue(
            text.contains(
                "✓ gitFeed — GitFeed request chain, bagged\n  expected clean · got clean · 0.25 s\n  live resources: pass 1 10→14 (+4), pass 2 14→14 (0)\n"
            ),
            text
        )
        XCTAssertTrue(
            text.contains(
                "✗ dataProviderLeak — A PublishSubject proxy subscribed without disposal\n  expected clean · got leak · 0.50 s\n"
            ),
            text
        )
        XCTAssertTrue(text.contains("  fails: unexpected findings: 2 leaked subscriptions\n"), text)
        XCTAssertTrue(text.contains("  expected clean · got crashed · crashed (signal 4) · 0.10 s\n"), text)
        XCTAssertTrue(text.contains("  output:\n  │ pass 1 ok\n  │ Fatal error: boom <red> & done\n"), text)
        XCTAssertTrue(
            text.hasSuffix(
                "\nSummary: 4 scenarios · 2 passed · 2 failed · 1 crashed or timed out · 3 leaked subscriptions\n"
            ),
            text
        )
        XCTAssertFalse(text.contains("\u{1B}[3"), "no colour unless asked")
    }

    /// A parameterized Swift Testing test's case is named by its argument's description, which
    /// Swift Testing writes unescaped (`@Test(arguments: ["a\nb"])` gives `"a` and `b"` on two
    /// lines): its entry still starts with one heading line, the line break shown escaped.
    func testATestNameWithALineBreakHasOneHeadingLine() {
        var scenario = ReportFixtures.cleanScenario
        scenario.name = "Feed.loads(_:) [\"a\nb\r\n\u{2028}c\"]"
        let text = TextReportRenderer(colour: false).render(scenario)

        XCTAssertTrue(
            text.hasPrefix(#"✓ Feed.loads(_:) ["a\nb\r\n\u{2028}c"] — "# + scenario.summary + "\n"),
            text
        )
    }

    func testColourOnlyWhenAsked() {
        let coloured = TextReportRenderer(colour: true).render(ReportFixtures.run())

        XCTAssertTrue(coloured.contains("\u{1B}[31m✗\u{1B}[0m"), coloured)
        XCTAssertTrue(coloured.contains("\u{1B}[32m✓\u{1B}[0m"), coloured)
        XCTAssertTrue(coloured.contains("\u{1B}[2m… 2 system frames\u{1B}[0m"), coloured)
    }

    func testBaselineAndSuppressionMarks() {
        var report = ReportFixtures.run([ReportFixtures.leakyScenario, ReportFixtures.expectedLeakScenario])
        report.apply(suppressions: [
            SuppressionRule(
                kind: .leak,
                conditions: [.init(field: .file, pattern: "*")],
                reason: "tracked in FEED-12",
                file: "supp.txt",
                line: 2
            )
        ])
        report.compare(with: Baseline(signatures: []), path: "baseline.json")
        let text = TextReportRenderer().render(report)

        XCTAssertTrue(text.contains("baseline baseline.json: 0 known signatures, 0 new, 0 known\n"), text)
        XCTAssertTrue(text.contains("    suppressed by leak file:* — tracked in FEED-12\n"), text)
        XCTAssertTrue(
            text.contains(
                "Suppressions (1 of 1 rules used):\n  leak file:* — tracked in FEED-12 (supp.txt:2): 2 findings\n"
            ),
            text
        )
        XCTAssertTrue(text.hasSuffix("3 leaked subscriptions (0 new, 2 suppressed)\n"), text)
    }
}
