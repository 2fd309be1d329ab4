import Foundation
import RxCore
import Synchronization

struct StressError: Error {}

/// A subject source's feeding, started when the run starts: `feeders` threads send `count`
/// elements each, taking turns through `turns`, and the last one to finish ends the subject.
struct SubjectFeeding {
    let subject: PublishSubject<Int>
    let feeders: Int
    let count: Int
    let ending: SourceEnding
}

/// A program turned into an observable over real schedulers, with a probe after the source
/// and after every stage, and what the run must start (the subjects' feeders).
final class StressChain {
    private(set) var probes: [ContractProbe] = []
    private(set) var feedings: [SubjectFeeding] = []
    let ledger = CreateLedger()
    private let schedulers: StressSchedulers
    private(set) var observable: Observable<Int>!

    init(program: StressProgram, schedulers: StressSchedulers) {
        self.schedulers = schedulers
        var chain = probe(make(program.source), "source \(program.source)")
        for (index, stage) in program.stages.enumerated() {
            let name = "stage \(index + 1) \(stage)"
            if case .brokenDelivery = stage {
                chain = probe(SelfTest.BrokenDelivery(upstream: chain), name)
            } else {
                chain = probe(apply(stage, to: chain), name)
            }
        }
        observable = chain
    }

    private func probe<Source: ObservableType>(_ observable: Source, _ stage: String) -> Observable<Int>
    where Source.Element == Int {
        let probe = ContractProbe(stage: stage)
        probes.append(probe)
        return probe.watch(observable)
    }

    private func make(_ source: StressSource) -> Observable<Int> {
        switch source {
        case .subject(let feeders, let count, let ending):
            let subject = PublishSubject<Int>()
            feedings.append(SubjectFeeding(subject: subject, feeders: feeders, count: count, ending: ending))
            return subject.asObservable()
        case .create(let choice, let count, let ending):
            let scheduler = schedulers[choice]
            let ledger = self.ledger
            return Observable.create { observer in
                let subscription = ledger.subscribed()
                // An atomic flag, not a BooleanDisposable: its plain Bool is read here and set by
                // the disposing thread (a data race ThreadSanitizer reports, rxcore-bugs).
                let cancelled = CancellationFlag()
                let work = scheduler.schedule(()) { _ in
                    for element in 0..<count where !cancelled.isSet { observer.onNext(element) }
                    guard !cancelled.isSet else { return Disposables.create() }
                    switch ending {
                    case .completed: observer.onCompleted()
                    case .failed: observer.onError(StressError())
                    case .open: break
                    }
                    return Disposables.create()
                }
                return Disposables.create {
                    ledger.disposed(subscription)
                    cancelled.set()
                    work.dispose()
                }
            }
        case .range(let count):
            return Observable.range(start: 0, count: count)
        }
    }

    private func nested(_ source: StressSource, _ role: String) -> Observable<Int> {
        probe(make(source), "\(role) \(source)")
    }

    private func apply(_ stage: StressStage, to upstream: Observable<Int>) -> Observable<Int> {
        switch stage {
        case .map: return upstream.map { $0 &* 3 }
        case .filter: return upstream.filter { $0 % 3 != 1 }
        case .scan: return upstream.scan(0, accumulator: &+)
        case .distinctUntilChanged: return upstream.map { $0 / 2 }.distinctUntilChanged()
        case .startWith: return upstream.startWith(-1)
        case .take(let n): return upstream.take(n)
        case .skip(let n): return upstream.skip(n)
        case .observeOn(let s): return upstream.observe(on: schedulers[s])
        case .subscribeOn(let s): return upstream.subscribe(on: schedulers[s])
        case .merge(let other): return Observable.merge(upstream, nested(other, "merged source"))
        case .zip(let other): return Observable.zip(upstream, nested(other, "zipped source")) { $0 &+ $1 }
        case .combineLatest(let other):
            return Observable.combineLatest(upstream, nested(other, "combined source")) { $0 &+ $1 }
        case .withLatestFrom(let other):
            return upstream.withLatestFrom(nested(other, "withLatestFrom's source")) { $0 &+ $1 }
        case .takeUntil(let other): return upstream.take(until: nested(other, "take(until:)'s trigger"))
        case .flatMap(let s):
            let scheduler = schedulers[s]
            return upstream.flatMap { Observable.just($0).subscribe(on: scheduler) }
        case .flatMapLatest(let s):
            let scheduler = schedulers[s]
            return upstream.flatMapLatest { Observable.of($0, $0).observe(on: scheduler) }
        case .concatMap(let s):
            let scheduler = schedulers[s]
            return upstream.concatMap { Observable.just($0).observe(on: scheduler) }
        case .sharedTwice(let replay, let whileConnected, let s):
            let shared = upstream.share(replay: replay, scope: whileConnected ? .whileConnected : .forever)
            return Observable.merge(shared, shared.observe(on: schedulers[s]))
        case .retry(let n): return upstream.retry(n)
        case .catchAndReturn: return upstream.catchAndReturn(-2)
        case .delay(let us, let s): return upstream.delay(.microseconds(us), scheduler: schedulers[s])
        case .debounce(let us, let s): return upstream.debounce(.microseconds(us), scheduler: schedulers[s])
        case .throttle(let us, let latest, let s):
            return upstream.throttle(.microseconds(us), latest: latest, scheduler: schedulers[s])
        case .timeout(let ms, let s): return upstream.timeout(.milliseconds(ms), scheduler: schedulers[s])
        case .brokenDelivery: return upstream  // made in init: it is no Observable
        case .leakedSubscription: return SelfTest.leakedSubscription(upstream)
        case .slowDelivery:
            return upstream.map {
                Thread.sleep(forTimeInterval: 0.001)
                return $0
            }
        }
    }
}

/// A `create` source's "stop sending" flag, set by the disposing thread and read by the sending one.
private final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .acquiring) }
    func set() { flag.store(true, ordering: .releasing) }
}
