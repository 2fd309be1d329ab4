import Foundation
import RxTrace

/// Report models built by hand, so the renderer tests depend on nothing but the model.
enum ReportFixtures {
    static let date = Date(timeIntervalSince1970: 1_795_000_000)  // whole seconds: ISO 8601 round-trips
    static let host = HostInfo(
        hostname: "ci-runner",
        operatingSystem: "Linux",
        operatingSystemVersion: "6.1",
        architecture: "x86_64",
        processorCount: 2
    )

    static func backtrace(user file: String = "Sources/App/Feed.swift", line: Int = 42) -> [ReportFrame] {
        [
            ReportFrame(function: "RxTrace.Capture.record()", origin: .rxTrace),
            ReportFrame(
                function: "RxCore.Sink.init(observer:cancel:)",
                file: "Sources/RxCore/Core/Sink.swift",
                line: 12,
                origin: .rxCore
            ),
            ReportFrame(function: "RxCore.MapSink.init(transform:observer:cancel:)", origin: .rxCore),
            ReportFrame(function: "RxCore.Map.run(_:cancel:)", origin: .rxCore),
            ReportFrame(function: "RxCore.Producer.subscribe(_:)", origin: .rxCore),
            ReportFrame(function: "FeedViewModel.bind()", file: file, line: line, origin: .user),
            ReportFrame(function: "main", file: "Sources/App/main.swift", line: 3, origin: .user),
            ReportFrame(function: "__libc_start_main", origin: .system),
            ReportFrame(function: "_start", origin: .system),
        ]
    }

    static func leak(
        signature: String = "sig-interval-map",
        count: Int = 2,
        kind: FindingKind = .leakedSubscription
    ) -> LeakFinding {
        LeakFinding(
            signature: signature,
            kind: kind,
            resourceTypes: ["IntervalSink<Int>", "MapSink<Int, String>", "AnonymousObserver<String>"],
            operatorChain: ["interval", "map", "subscribe"],
            count: count,
            countPerPass: [1, 1],
            growthPerPass: 1,
            callSite: SourceLocation(file: "Sources/App/Feed.swift", line: 42, function: "FeedViewModel.bind()"),
            backtrace: backtrace(),
            retentionReason: "kept alive by the periodic timer of SerialDispatchQueueScheduler(feed)",
            snippet: SourceSnippet(
                firstLine: 40,
                lines: [
                    "    func bind() {",
                    "        Observable<Int>.interval(.seconds(1), scheduler: scheduler)",
                    "            .map { \"tick \\($0)\" }.subscribe(onNext: { [label] in label.text = $0 })",
                    "    }",
                ],
                highlightedLine: 42
            )
        )
    }

    static let cleanScenario = ScenarioReport(
        name: "gitFeed",
        summary: "GitFeed request chain, bagged",
        expectedVerdict: .clean,
        actualVerdict: .clean,
        status: .clean,
        passes: [PassCount(pass: 1, before: 10, after: 14), PassCount(pass: 2, before: 14, after: 14)],
        durationSeconds: 0.25
    )

    static let leakyScenario = ScenarioReport(
        name: "dataProviderLeak",
        summary: "A PublishSubject proxy subscribed without disposal",
        expectedVerdict: .clean,
        actualVerdict: .leak,
        status: .leaked,
        passes: [PassCount(pass: 1, before: 10, after: 13), PassCount(pass: 2, before: 13, after: 16)],
        findings: [leak()],
        durationSeconds: 0.5
    )

    static let expectedLeakScenario = ScenarioReport(
        name: "intervalNotDisposed",
        summary: "interval subscribed and never disposed",
        expectedVerdict: .leak,
        actualVerdict: .leak,
        status: .leaked,
        passes: [PassCount(pass: 1, before: 0, after: 3), PassCount(pass: 2, before: 3, after: 6)],
        findings: [leak(signature: "sig-interval-expected", count: 1)],
        durationSeconds: 0.3
    )

    static let crashedScenario = ScenarioReport(
        name: "crashes",
        summary: "traps in pass 2",
        expectedVerdict: .clean,
        actualVerdict: .crashed,
        status: .crashed(signal: 4, exitCode: nil),
        passes: [PassCount(pass: 1, before: 0, after: 0)],
        output: "pass 1 ok\nFatal error: boom \u{1B}[31m<red>\u{1B}[0m & done",
        durationSeconds: 0.1
    )

    /// A scenario that timed out: the main thread waited in user code (with the source there),
    /// a worker in user code too, and one thread never reached user code.
    static let hungScenario = ScenarioReport(
        name: "deadlocks",
        summary: "reload waits for a lock the worker holds",
        expectedVerdict: .clean,
        actualVerdict: .timedOut,
        status: .timedOut(seconds: 2),
        passes: [PassCount(pass: 1, before: 0, after: 4)],
        threadStacks: [
            ReportThreadStack(
                name: "main",
                frames: [
                    ReportFrame(function: "__futex_abstimed_wait_common", origin: .system),
                    ReportFrame(function: "NSLock.lock()", origin: .system),
                    ReportFrame(
                        function: "FeedViewModel.reload()",
                        file: "Sources/App/Feed.swift",
                        line: 58,
                        origin: .user
                    ),
                    ReportFrame(function: "main", file: "Sources/App/main.swift", line: 3, origin: .user),
                ],
                snippet: SourceSnippet(
                    firstLine: 57,
                    lines: ["    func reload() {", "        lock.lock()", "    }"],
                    highlightedLine: 58
                )
            ),
            ReportThreadStack(
                name: "feed-worker",
                frames: [
                    ReportFrame(function: "__futex_abstimed_wait_common", origin: .system),
                    ReportFrame(
                        function: "closure #1 in FeedService.start()",
                        file: "Sources/App/FeedService.swift",
                        line: 21,
                        origin: .user
                    ),
                ]
            ),
            ReportThreadStack(
                name: "dispatch-worker",
                frames: [ReportFrame(function: "__futex_abstimed_wait_common", origin: .system)]
            ),
        ],
        durationSeconds: 2.1
    )

    /// A run stopped by Ctrl-C after `finished`; `unfinished` did not finish.
    static func interrupted(
        _ finished: [ScenarioReport] = [cleanScenario],
        unfinished: [String] = ["feedSlow", "profileSlow"]
    ) -> RunReport {
        var report = run(finished)
        report.interruption = RunInterruption(signal: "SIGINT", unfinishedScenarios: unfinished)
        return report
    }

    static func run(
        _ scenarios: [ScenarioReport] = [cleanScenario, leakyScenario, expectedLeakScenario, crashedScenario]
    ) -> RunReport {
        RunReport(generatedAt: date, host: host, scenarios: scenarios)
    }

    /// A report whose every text field carries markup and quoting characters.
    static func hostile() -> RunReport {
        var finding = leak(signature: "sig<&>\"'")
        finding.resourceTypes = ["Box<Array<\"x\">> & 'y'"]
        finding.operatorChain = ["<script>alert(1)</script>", "map"]
        finding.callSite = SourceLocation(file: "Sources/A&B/<Feed>.swift", line: 7, function: "f(_: \"x\") -> <T>")
        finding.retentionReason = "</details><b>not bold</b>"
        finding.backtrace = [
            ReportFrame(function: "Array<Int>.<lambda>&", file: "Sources/A&B/<Feed>.swift", line: 7, origin: .user)
        ]
        let scenario = ScenarioReport(
            name: "<img src=x onerror=alert(1)>",
            summary: "quotes \" ' & <tags>",
            expectedVerdict: .clean,
            actualVerdict: .leak,
            status: .leaked,
            findings: [finding],
            output: "]]> \u{0} \u{7} <out>",
            durationSeconds: 0
        )
        return RunReport(generatedAt: date, host: host, scenarios: [scenario])
    }
}
