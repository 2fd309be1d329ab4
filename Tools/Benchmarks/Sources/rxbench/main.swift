import BenchHarness
import CMallocCounter
import Dispatch
import Foundation
import RxSwift

#if COUNT_RUNTIME_CALLS
import CRuntimeCallCounter
#endif

// RxCore workloads, written against RxSwift's API and module name: the same source builds against
// rxtrace's RxSwift product (RxCore re-exported) or against RxSwift itself (RXBENCH_RXSWIFT, see
// Package.swift). The configuration label comes from the environment so one traced binary can be
// measured with capture off (counts only) and on (backtraces).
let configuration = ProcessInfo.processInfo.environment["RXBENCH_CONFIG"] ?? "untraced"

private func pumpSubject(subscribers: Int, events: Int) {
    let subject = PublishSubject<Int>()
    var sum = 0
    let subscriptions = (0..<subscribers).map { _ in subject.subscribe(onNext: { sum &+= $0 }) }
    for value in 0..<events { subject.onNext(value) }
    subscriptions.forEach { $0.dispose() }
    blackHole(sum)
}

private func mapFilterChain(_ source: Observable<Int>) -> Observable<Int> {
    var chain = source
    for _ in 0..<6 {
        chain = chain.map { $0 &+ 1 }.filter { $0 & 1 == 0 || $0 & 1 == 1 }
    }
    return chain
}

private func nestedFlatMap(_ source: Observable<Int>, latest: Bool) -> Observable<Int> {
    var chain = source
    for _ in 0..<5 {
        chain = latest ? chain.flatMapLatest { Observable.just($0) } : chain.flatMap { Observable.just($0) }
    }
    return chain
}

private func nestedCombineLatest(_ source: Observable<Int>) -> Observable<Int> {
    var chain = source
    for level in 0..<7 {
        let second = Observable<Int>.just(level)
        let third = Observable<Int>.just(1)
        let fourth = Observable<Int>.just(2)
        chain = Observable.combineLatest(chain, second, third, fourth) { (a: Int, b: Int, c: Int, d: Int) -> Int in
            a &+ b &+ c &+ d
        }
    }
    return chain
}

private func pump(_ build: (Observable<Int>) -> Observable<Int>, events: Int) {
    let subject = PublishSubject<Int>()
    var sum = 0
    let subscription = build(subject.asObservable()).subscribe(onNext: { sum &+= $0 })
    for value in 0..<events { subject.onNext(value) }
    subscription.dispose()
    blackHole(sum)
}

private func create(_ build: (Observable<Int>) -> Observable<Int>, count: Int) {
    var sum = 0
    for _ in 0..<count {
        build(.just(1)).subscribe(onNext: { sum &+= $0 }).dispose()
    }
    blackHole(sum)
}

private let serialScheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxbench.serial")

private func pumpObserveOn(events: Int) {
    let subject = PublishSubject<Int>()
    let done = DispatchSemaphore(value: 0)
    var received = 0
    let subscription = subject.observe(on: serialScheduler).subscribe(onNext: { _ in
        received += 1
        if received == events { done.signal() }
    })
    for value in 0..<events { subject.onNext(value) }
    done.wait()
    subscription.dispose()
}

@inline(never) func blackHole<T>(_ value: T) { _ = value }

/// Runs `body` `frames` calls deeper than its caller: test runners (XCTest, Swift Testing) call
/// user code from deep stacks, and a backtrace's cost must not grow with them.
@inline(never) func deeper(_ frames: Int, _ body: () -> Void) {
    if frames == 0 { return body() }
    deeper(frames - 1, body)
    blackHole(frames)  // work after the call keeps each frame (no tail call)
}

/// `n` subscriptions of `just(42).filter{}.map{}.<distinct>.subscribe(onNext:)`; inlined into each
/// workload, so `distinct` is specialised there as a chain written in place is.
@inline(__always) private func seedChain(_ n: Int, _ distinct: (Observable<String>) -> Observable<String>) {
    var count = 0
    for _ in 0..<n {
        _ = distinct(Observable.just(42).filter { $0 > 30 }.map { "\($0)" })
            .subscribe(onNext: { _ in count += 1 })
    }
    blackHole(count)
}

// `rxbench --allocations`: heap allocations per subscription that each operator adds. The
// operator's observable is built once; each subscription subscribes it to a PublishSubject and
// disposes it, and the bare subject subscription (subscribe(onNext:) and the subject's own
// bookkeeping) is subtracted, so what remains is the operator's sink, its SinkDisposer and any
// extra object it needs. The first entry, "(subject alone)", is the bare subscription in all.
private func allocationsPerSubscription() -> [(name: String, allocations: Double)] {
    let subject = PublishSubject<Int>()
    let inner = Observable<Int>.just(1)
    let scheduler = serialScheduler
    let operators: [(String, Observable<Int>)] = [
        ("(subject alone)", subject.asObservable()),
        ("map", subject.map { $0 &+ 1 }),
        ("filter", subject.filter { $0 > 0 }),
        ("distinctUntilChanged", subject.distinctUntilChanged()),
        ("take(5)", subject.take(5)),
        ("skip(1)", subject.skip(1)),
        ("scan", subject.scan(0) { $0 &+ $1 }),
        ("startWith(0)", subject.startWith(0)),
        ("catchAndReturn", subject.catchAndReturn(0)),
        ("retry(3)", subject.retry(3)),
        ("flatMap", subject.flatMap { _ in inner }),
        ("flatMapLatest", subject.flatMapLatest { _ in inner }),
        ("combineLatest(2)", Observable.combineLatest(subject, inner) { $0 &+ $1 }),
        ("withLatestFrom", subject.withLatestFrom(inner)),
        ("observe(on: serial)", subject.observe(on: scheduler)),
        ("share()", subject.share()),
    ]
    let subscriptions = 1_000
    var baseline = 0.0
    var result: [(name: String, allocations: Double)] = []
    for (name, observable) in operators {
        observable.subscribe(onNext: { blackHole($0) }).dispose()  // warm-up: lazy metadata, thread-locals
        let allocations = countAllocations {
            for _ in 0..<subscriptions {
                observable.subscribe(onNext: { blackHole($0) }).dispose()
            }
        }
        let perSubscription = Double(allocations) / Double(subscriptions)
        if name == "(subject alone)" {
            baseline = perSubscription
            result.append((name, perSubscription))
        } else {
            result.append((name, perSubscription - baseline))
        }
    }
    return result
}

let workloads = [
    Workload("publish.pump.1-subscriber", operations: 1_000_000) { n in pumpSubject(subscribers: 1, events: n) },
    Workload("publish.pump.2-subscribers", operations: 1_000_000) { n in pumpSubject(subscribers: 2, events: n) },
    Workload("publish.create-subscribe-dispose", operations: 100_000) { n in
        for _ in 0..<n {
            let subject = PublishSubject<Int>()
            subject.subscribe(onNext: { blackHole($0) }).dispose()
        }
    },
    // A subscription to a subject that outlives it (the common case): what `subscribe(onNext:)`
    // and the subject's bookkeeping cost per subscriber.
    Workload("publish.subscribe-dispose", operations: 100_000) { n in
        let subject = PublishSubject<Int>()
        for _ in 0..<n { subject.subscribe(onNext: { blackHole($0) }).dispose() }
    },
    Workload("map-filter-x6.pump", operations: 100_000) { n in pump(mapFilterChain, events: n) },
    Workload("map-filter-x6.create", operations: 10_000) { n in create(mapFilterChain, count: n) },
    // Every element distinct from the one before: each one reads and writes the last key.
    Workload("distinctUntilChanged.pump", operations: 100_000) { n in pump({ $0.distinctUntilChanged() }, events: n) },
    Workload("flatMap-x5.pump", operations: 100_000) { n in pump({ nestedFlatMap($0, latest: false) }, events: n) },
    Workload("flatMap-x5.create", operations: 10_000) { n in create({ nestedFlatMap($0, latest: false) }, count: n) },
    Workload("flatMapLatest-x5.pump", operations: 100_000) { n in pump({ nestedFlatMap($0, latest: true) }, events: n)
    },
    Workload("flatMapLatest-x5.create", operations: 10_000) { n in create({ nestedFlatMap($0, latest: true) }, count: n)
    },
    Workload("combineLatest4-x7.pump", operations: 100_000) { n in pump(nestedCombineLatest, events: n) },
    Workload("combineLatest4-x7.create", operations: 10_000) { n in create(nestedCombineLatest, count: n) },
    // Both sources are the subject: every event completes a pair.
    Workload("zip2.pump", operations: 100_000) { n in pump({ Observable.zip($0, $0) { $0 &+ $1 } }, events: n) },
    // A late subscriber to a subject or share that replays one element (the replay path).
    Workload("replay1.subscribe-dispose", operations: 100_000) { n in
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        subject.onNext(1)
        for _ in 0..<n { subject.subscribe(onNext: { blackHole($0) }).dispose() }
    },
    Workload("share-replay1.subscribe-dispose", operations: 100_000) { n in
        let source = PublishSubject<Int>()
        let shared = source.share(replay: 1)
        let first = shared.subscribe(onNext: { blackHole($0) })
        source.onNext(1)
        for _ in 0..<n { shared.subscribe(onNext: { blackHole($0) }).dispose() }
        first.dispose()
    },
    Workload("observeOn-serial.pump", operations: 100_000) { n in pumpObserveOn(events: n) },
    // The seed chain as users write it: the plain `distinctUntilChanged()`.
    Workload("seed-chain.subscribe", operations: 100_000) { n in seedChain(n) { $0.distinctUntilChanged() } },
    // The same chain with the comparer spelled out, `distinctUntilChanged { $0 == $1 }`, the
    // spelling RxSwift's stored seed-chain figure uses; plain and closure should cost the same.
    Workload("seed-chain-closure.subscribe", operations: 100_000) { n in
        seedChain(n) { $0.distinctUntilChanged { $0 == $1 } }
    },
    // A Single's subscription as users write it, beside its Observable sibling's.
    Workload("single-just.subscribe", operations: 100_000) { n in
        var count = 0
        for _ in 0..<n { _ = Single.just(n).subscribe(onSuccess: { count &+= $0 }) }
        blackHole(count)
    },
    Workload("just.subscribe", operations: 100_000) { n in
        var count = 0
        for _ in 0..<n { _ = Observable.just(n).subscribe(onNext: { count &+= $0 }) }
        blackHole(count)
    },
    // Maybe's and Completable's subscriptions as users write them, siblings of the two above.
    Workload("maybe-just.subscribe", operations: 100_000) { n in
        var count = 0
        for _ in 0..<n { _ = Maybe.just(n).subscribe(onSuccess: { count &+= $0 }) }
        blackHole(count)
    },
    Workload("completable-empty.subscribe", operations: 100_000) { n in
        var count = 0
        for _ in 0..<n { _ = Completable.empty().subscribe(onCompleted: { count &+= 1 }) }
        blackHole(count)
    },
    // The same chains subscribed 20 frames deeper than the workloads above.
    Workload("seed-chain.subscribe.20-frames-deeper", operations: 100_000) { n in
        deeper(20) { seedChain(n) { $0.distinctUntilChanged() } }
    },
    Workload("map-filter-x6.create.20-frames-deeper", operations: 10_000) { n in
        deeper(20) { create(mapFilterChain, count: n) }
    },
]

if CommandLine.arguments.contains("--allocations") {
    print("| operator | allocations per subscription (beyond the bare subject subscription) |")
    print("|---|---|")
    for (name, allocations) in allocationsPerSubscription() {
        print("| \(name) | \(String(format: "%.1f", allocations))\(name == "(subject alone)" ? " in all" : "") |")
    }
    exit(0)
}

// `rxbench --check-allocations <file>` (make alloc-check): every workload's allocations per
// operation (one warm-up, one counted run) and every operator's per subscription, against the
// committed thresholds. `rxbench --check-runtime-calls <file>`: every workload's generic-metadata
// look-ups and dynamic exclusivity checks per operation. Exit 0 all within, 1 a count over its
// threshold, 2 an unusable file.
func checkCounts(flag: String, gate: CountGate, measure: () -> [(name: String, counts: [Double])]) {
    guard let index = CommandLine.arguments.firstIndex(of: flag) else { return }
    guard index + 1 < CommandLine.arguments.count else {
        FileHandle.standardError.write(Data("rxbench: \(flag) needs the thresholds file\n".utf8))
        exit(2)
    }
    let file = CommandLine.arguments[index + 1]
    let thresholds: [CountGate.Threshold]
    do { thresholds = try gate.thresholds(at: file) } catch {
        FileHandle.standardError.write(Data("rxbench: \(error)\n".utf8))
        exit(2)
    }
    exit(gate.check(measured: measure(), thresholds: thresholds, file: file) ? 0 : 1)
}

checkCounts(flag: "--check-allocations", gate: .allocations) {
    var measured: [(name: String, counts: [Double])] = workloads.map { workload in
        workload.body()
        return (workload.name, [Double(countAllocations(workload.body)) / Double(workload.operations)])
    }
    measured += allocationsPerSubscription().map { ("operator:\($0.name)", [$0.allocations]) }
    return measured
}

#if COUNT_RUNTIME_CALLS
checkCounts(flag: "--check-runtime-calls", gate: .runtimeCalls) {
    workloads.map { workload in
        workload.body()
        let lookups = rxbench_metadata_lookup_count()
        let checks = rxbench_exclusivity_check_count()
        rxbench_count_runtime_calls(1)
        workload.body()
        rxbench_count_runtime_calls(0)
        let operations = Double(workload.operations)
        return (
            workload.name,
            [
                Double(rxbench_metadata_lookup_count() - lookups) / operations,
                Double(rxbench_exclusivity_check_count() - checks) / operations,
            ]
        )
    }
}
#else
if CommandLine.arguments.contains("--check-runtime-calls") {
    FileHandle.standardError.write(
        Data("rxbench: --check-runtime-calls needs a build with RXBENCH_COUNT_RUNTIME_CALLS=1\n".utf8)
    )
    exit(2)
}
#endif

Harness.run(configuration: configuration, workloads: workloads)
