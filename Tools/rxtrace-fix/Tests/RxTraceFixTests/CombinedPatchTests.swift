import Foundation
import Testing

@testable import RxTraceFix

/// Two verified fixes in one file make one diff that `git apply` takes.
@Suite struct CombinedPatchTests {
    static let source = """
        import RxSwift

        final class Counter {
            var ticks = 0
            func start(on scheduler: SchedulerType) {
                _ = Observable<Int>.interval(.seconds(1), scheduler: scheduler).subscribe(onNext: { [weak self] _ in
                    self?.ticks += 1
                })
            }
            func follow(_ values: Observable<Int>) {
                _ = values.subscribe(onNext: { [weak self] in self?.ticks = $0 })
            }
        }

        """

    @Test func aLaterFixIsMadeOnTopOfAnEarlierOneAndTheBagIsAddedOnce() throws {
        let candidates = [6, 11].map { line in
            FixCandidate(
                signatures: ["s\(line)"],
                kinds: ["leakedSubscription"],
                file: "Sources/App/Counter.swift",
                line: line,
                tests: ["App.T/test\(line)"],
                original: Self.source,
                outcome: SourceFixer.fix(source: Self.source, line: line, kind: "leakedSubscription")
            )
        }
        let changes = try FixSession.combined(candidates)
        #expect(changes.count == 1)
        let new = try #require(changes.first?.new)
        #expect(new.components(separatedBy: "private let disposeBag = DisposeBag()").count == 2)
        #expect(new.contains("        }).disposed(by: disposeBag)\n"))
        #expect(new.contains("values.subscribe(onNext: { [weak self] in self?.ticks = $0 }).disposed(by: disposeBag)"))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("combined-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Sources/App"),
            withIntermediateDirectories: true
        )
        try Data(Self.source.utf8).write(to: folder.appendingPathComponent("Sources/App/Counter.swift"))
        let diff = try UnifiedDiff.make(path: "Sources/App/Counter.swift", old: Self.source, new: new)
        try Data(diff.utf8).write(to: folder.appendingPathComponent("rxtrace.patch"))
        let apply = Process()
        apply.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        apply.arguments = ["git", "apply", "rxtrace.patch"]
        apply.currentDirectoryURL = folder
        try apply.run()
        apply.waitUntilExit()
        #expect(apply.terminationStatus == 0)
        let applied = try String(
            contentsOf: folder.appendingPathComponent("Sources/App/Counter.swift"),
            encoding: .utf8
        )
        #expect(applied == new)
    }

    @Test func aLineMovesWithTheLinesInsertedAboveIt() throws {
        guard case .patched(let patch) = SourceFixer.fix(source: Self.source, line: 6, kind: "leakedSubscription")
        else {
            Issue.record("no patch")
            return
        }
        #expect(patch.mappedLine(3) == 3)
        #expect(patch.mappedLine(4) == 5)
        #expect(patch.mappedLine(11) == 12)
    }
}
