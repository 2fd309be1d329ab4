import Foundation
import RxCore
import Synchronization

/// `rxtrace-stress --self-test`: the checks must catch a broken operator, or a clean run proves
/// nothing. Two programs with a deliberately broken stage; each must breach as expected.
enum SelfTest {
    /// Kept forever, so the leaked subscription's chain stays alive.
    nonisolated(unsafe) private static var leaked: [Disposable] = []

    /// Written against `ObservableType` by hand, as a careless user would, so no RxCore sink
    /// stands between its calls and the probe.
    struct BrokenDelivery: ObservableType {
        typealias Element = Int
        let upstream: Observable<Int>

        func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
            let twoThreads = DispatchGroup()
            return upstream.subscribe { event in
                guard case .next(let element) = event else {
                    observer.on(event)
                    observer.on(.next(-3))
                    return
                }
                // Both threads wait for each other, then call at once.
                let arrived = Atomic<Int>(0)
                for _ in 0..<2 {
                    DispatchQueue.global().async(group: twoThreads) {
                        arrived.add(1, ordering: .acquiringAndReleasing)
                        while arrived.load(ordering: .acquiring) < 2 {}
                        observer.on(.next(element))
                    }
                }
                twoThreads.wait()
            }
        }
    }

    static func leakedSubscription(_ upstream: Observable<Int>) -> Observable<Int> {
        Observable.deferred {
            leaked.append(upstream.subscribe { _ in })
            return upstream
        }
    }

    /// Runs both; returns false (after saying why) if a check missed its broken stage.
    static func run(schedulers: StressSchedulers) -> Bool {
        // The slow stage keeps the first call running while the second comes in.
        let cases: [([StressStage], String)] = [
            ([.brokenDelivery, .slowDelivery], "while another call into the same observer was running"),
            ([.brokenDelivery], "delivered after the terminal event"),
            ([.leakedSubscription], "Resources.total is"),
        ]
        var passed = true
        for (stages, expected) in cases {
            let program = StressProgram(
                source: .subject(feeders: 2, count: 20, ending: .completed),
                stages: stages,
                racingDisposeAfterSpins: nil
            )
            let breaches = StressRun.run(program, schedulers: schedulers)
            #if !TRACE_RESOURCES
            if case .leakedSubscription = stages[0] { continue }
            #endif
            if !breaches.contains(where: { $0.contains(expected) }) {
                print("rxtrace-stress: self-test: \(stages) was not caught ('\(expected)'); breaches: \(breaches)")
                passed = false
            }
        }
        return passed
    }
}
