import BenchHarness
import Dispatch
import Foundation
import OpenCombine
import OpenCombineDispatch

// The same workloads expressed in OpenCombine, measured in the same run as an outside reference.
// OpenCombine 0.14 has no combineLatest, so the combineLatest workloads have no counterpart here.

@inline(never) func blackHole<T>(_ value: T) { _ = value }

/// Runs `body` `frames` calls deeper than its caller (rxbench's `deeper`).
@inline(never) func deeper(_ frames: Int, _ body: () -> Void) {
    if frames == 0 { return body() }
    deeper(frames - 1, body)
    blackHole(frames)  // work after the call keeps each frame (no tail call)
}

private func seedChain(_ n: Int) {
    var count = 0
    for _ in 0..<n {
        _ = Just(42).filter { $0 > 30 }.map { "\($0)" }.removeDuplicates().sink { _ in count += 1 }
    }
    blackHole(count)
}

private func pumpSubject(subscribers: Int, events: Int) {
    let subject = PassthroughSubject<Int, Never>()
    var sum = 0
    let subscriptions = (0..<subscribers).map { _ in subject.sink { sum &+= $0 } }
    for value in 0..<events { subject.send(value) }
    subscriptions.forEach { $0.cancel() }
    blackHole(sum)
}

private func mapFilterChain(_ source: AnyPublisher<Int, Never>) -> AnyPublisher<Int, Never> {
    var chain = source
    for _ in 0..<6 {
        chain = chain.map { $0 &+ 1 }.filter { $0 & 1 == 0 || $0 & 1 == 1 }.eraseToAnyPublisher()
    }
    return chain
}

private func nestedFlatMap(_ source: AnyPublisher<Int, Never>, latest: Bool) -> AnyPublisher<Int, Never> {
    var chain = source
    for _ in 0..<5 {
        chain =
            latest
            ? chain.map { Just($0) }.switchToLatest().eraseToAnyPublisher()
            : chain.flatMap { Just($0) }.eraseToAnyPublisher()
    }
    return chain
}

private func pump(_ build: (AnyPublisher<Int, Never>) -> AnyPublisher<Int, Never>, events: Int) {
    let subject = PassthroughSubject<Int, Never>()
    var sum = 0
    let subscription = build(subject.eraseToAnyPublisher()).sink { sum &+= $0 }
    for value in 0..<events { subject.send(value) }
    subscription.cancel()
    blackHole(sum)
}

private func create(_ build: (AnyPublisher<Int, Never>) -> AnyPublisher<Int, Never>, count: Int) {
    var sum = 0
    for _ in 0..<count {
        build(Just(1).eraseToAnyPublisher()).sink { sum &+= $0 }.cancel()
    }
    blackHole(sum)
}

private let serialQueue = DispatchQueue(label: "combinebench.serial")

private func pumpReceiveOn(events: Int) {
    let subject = PassthroughSubject<Int, Never>()
    let done = DispatchSemaphore(value: 0)
    var received = 0
    let subscription = subject.receive(on: serialQueue.ocombine).sink { _ in
        received += 1
        if received == events { done.signal() }
    }
    for value in 0..<events { subject.send(value) }
    done.wait()
    subscription.cancel()
}

Harness.run(
    configuration: "opencombine",
    workloads: [
        Workload("publish.pump.1-subscriber", operations: 1_000_000) { n in pumpSubject(subscribers: 1, events: n) },
        Workload("publish.pump.2-subscribers", operations: 1_000_000) { n in pumpSubject(subscribers: 2, events: n) },
        Workload("publish.create-subscribe-dispose", operations: 100_000) { n in
            for _ in 0..<n {
                let subject = PassthroughSubject<Int, Never>()
                subject.sink { blackHole($0) }.cancel()
            }
        },
        Workload("map-filter-x6.pump", operations: 100_000) { n in pump(mapFilterChain, events: n) },
        Workload("map-filter-x6.create", operations: 10_000) { n in create(mapFilterChain, count: n) },
        Workload("zip2.pump", operations: 100_000) { n in
            pump({ $0.zip($0).map { $0 &+ $1 }.eraseToAnyPublisher() }, events: n)
        },
        Workload("distinctUntilChanged.pump", operations: 100_000) { n in
            pump({ $0.removeDuplicates().eraseToAnyPublisher() }, events: n)
        },
        Workload("flatMap-x5.pump", operations: 100_000) { n in pump({ nestedFlatMap($0, latest: false) }, events: n) },
        Workload("flatMap-x5.create", operations: 10_000) { n in create({ nestedFlatMap($0, latest: false) }, count: n)
        },
        Workload("flatMapLatest-x5.pump", operations: 100_000) { n in
            pump({ nestedFlatMap($0, latest: true) }, events: n)
        },
        Workload("flatMapLatest-x5.create", operations: 10_000) { n in
            create({ nestedFlatMap($0, latest: true) }, count: n)
        },
        Workload("observeOn-serial.pump", operations: 100_000) { n in pumpReceiveOn(events: n) },
        // As users write it: the plain `removeDuplicates()` (rxbench's seed-chain.subscribe).
        Workload("seed-chain.subscribe", operations: 100_000) { n in seedChain(n) },
        // The comparer spelled out (rxbench's seed-chain-closure.subscribe).
        Workload("seed-chain-closure.subscribe", operations: 100_000) { n in
            var count = 0
            for _ in 0..<n {
                _ = Just(42).filter { $0 > 30 }.map { "\($0)" }.removeDuplicates { $0 == $1 }.sink { _ in count += 1 }
            }
            blackHole(count)
        },
        Workload("seed-chain.subscribe.20-frames-deeper", operations: 100_000) { n in deeper(20) { seedChain(n) } },
        Workload("map-filter-x6.create.20-frames-deeper", operations: 10_000) { n in
            deeper(20) { create(mapFilterChain, count: n) }
        },
    ]
)
