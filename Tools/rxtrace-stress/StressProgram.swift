import SeededRandom

/// One random program: a source, a chain of operators over real schedulers, and how the run
/// treats its subscription. Plain data, so it prints as the code it stands for and a seed
/// rebuilds it.
struct StressProgram: CustomStringConvertible {
    var source: StressSource
    var stages: [StressStage]
    /// Spins before a second thread disposes the subscription while events flow; nil: the
    /// subscription is disposed only once the sources are done.
    var racingDisposeAfterSpins: Int?

    var description: String {
        let chain = ([source.description] + stages.map(\.description)).joined(separator: "\n    .")
        let dispose =
            racingDisposeAfterSpins.map { "disposed from two threads after \($0) spins" } ?? "disposed at the end"
        return "\(chain)\n    (\(dispose))"
    }
}

/// Which of the run's schedulers a stage uses.
enum SchedulerChoice: CustomStringConvertible {
    case serial(Int)
    case concurrent(Int)

    var description: String {
        switch self {
        case .serial(let index): return "serial\(index)"
        case .concurrent(let index): return "concurrent\(index)"
        }
    }
}

/// How a source ends once it has sent its elements.
enum SourceEnding: CaseIterable, CustomStringConvertible {
    case completed
    case failed
    case open

    var description: String {
        switch self {
        case .completed: return "completes"
        case .failed: return "fails"
        case .open: return "stays open"
        }
    }
}

indirect enum StressSource: CustomStringConvertible {
    /// A PublishSubject fed from `feeders` threads at once, `count` elements each; the feeders
    /// take turns through a lock (the contract asks callers to serialise `on`), and the last
    /// one to finish ends the subject.
    case subject(feeders: Int, count: Int, ending: SourceEnding)
    /// `Observable.create` whose subscription sends `count` elements from a scheduler's block
    /// until it is disposed; every subscription counts its disposals (exactly one each).
    case create(on: SchedulerChoice, count: Int, ending: SourceEnding)
    /// `Observable.range`, synchronous.
    case range(count: Int)

    var description: String {
        switch self {
        case .subject(let feeders, let count, let ending):
            return "PublishSubject(\(feeders) feeder threads × \(count), \(ending))"
        case .create(let scheduler, let count, let ending):
            return "create(on: \(scheduler), \(count) elements, \(ending))"
        case .range(let count): return "range(0..<\(count))"
        }
    }
}

enum StressStage: CustomStringConvertible {
    case map
    case filter
    case scan
    case distinctUntilChanged
    case startWith
    case take(Int)
    case skip(Int)
    case observeOn(SchedulerChoice)
    case subscribeOn(SchedulerChoice)
    case merge(StressSource)
    case zip(StressSource)
    case combineLatest(StressSource)
    case withLatestFrom(StressSource)
    case takeUntil(StressSource)
    case flatMap(on: SchedulerChoice)
    case flatMapLatest(on: SchedulerChoice)
    case concatMap(on: SchedulerChoice)
    /// `share(replay:scope:)` subscribed twice, the second copy through `observe(on:)`.
    case sharedTwice(replay: Int, whileConnected: Bool, on: SchedulerChoice)
    case retry(Int)
    case catchAndReturn
    case delay(microseconds: Int, on: SchedulerChoice)
    case debounce(microseconds: Int, on: SchedulerChoice)
    case throttle(microseconds: Int, latest: Bool, on: SchedulerChoice)
    case timeout(milliseconds: Int, on: SchedulerChoice)
    /// Never generated: `--self-test`'s broken stages, which the checks must catch. A hand-made
    /// operator that sends each element from two threads at once and again after completing,
    /// one that keeps a second subscription to its upstream forever, and a slow `map`.
    case brokenDelivery
    case leakedSubscription
    case slowDelivery

    var description: String {
        switch self {
        case .map: return "map { $0 &* 3 }"
        case .filter: return "filter { $0 % 3 != 1 }"
        case .scan: return "scan(0, accumulator: &+)"
        case .distinctUntilChanged: return "map { $0 / 2 }.distinctUntilChanged()"
        case .startWith: return "startWith(-1)"
        case .take(let n): return "take(\(n))"
        case .skip(let n): return "skip(\(n))"
        case .observeOn(let s): return "observe(on: \(s))"
        case .subscribeOn(let s): return "subscribe(on: \(s))"
        case .merge(let other): return "merge with \(other)"
        case .zip(let other): return "zip with \(other)"
        case .combineLatest(let other): return "combineLatest with \(other)"
        case .withLatestFrom(let other): return "withLatestFrom(\(other))"
        case .takeUntil(let other): return "take(until: \(other))"
        case .flatMap(let s): return "flatMap { just($0).subscribe(on: \(s)) }"
        case .flatMapLatest(let s): return "flatMapLatest { of($0, $0).observe(on: \(s)) }"
        case .concatMap(let s): return "concatMap { just($0).observe(on: \(s)) }"
        case .sharedTwice(let replay, let whileConnected, let s):
            return "share(replay: \(replay), scope: .\(whileConnected ? "whileConnected" : "forever")), "
                + "subscribed twice (merge(shared, shared.observe(on: \(s))))"
        case .retry(let n): return "retry(\(n))"
        case .catchAndReturn: return "catchAndReturn(-2)"
        case .delay(let us, let s): return "delay(.microseconds(\(us)), scheduler: \(s))"
        case .debounce(let us, let s): return "debounce(.microseconds(\(us)), scheduler: \(s))"
        case .throttle(let us, let latest, let s):
            return "throttle(.microseconds(\(us)), latest: \(latest), scheduler: \(s))"
        case .timeout(let ms, let s): return "timeout(.milliseconds(\(ms)), scheduler: \(s))"
        case .brokenDelivery: return "brokenDelivery (self-test: overlapping calls, events after completion)"
        case .leakedSubscription: return "leakedSubscription (self-test: a subscription nobody disposes)"
        case .slowDelivery: return "map { sleep 1 ms; return $0 } (self-test)"
        }
    }
}

extension StressProgram {
    static let serialSchedulerCount = 3
    static let concurrentSchedulerCount = 2

    /// The program for `seed`: a source and 1–6 stages (a nested source, for the operators
    /// that take one, has no stages of its own but may be any source).
    static func generate(seed: UInt64) -> StressProgram {
        var random = SeededGenerator(seed: seed)
        let source = randomSource(&random, nested: false)
        let stages = (0..<Int.random(in: 1...6, using: &random)).map { _ in randomStage(&random) }
        let racing = random.chance(50) ? Int.random(in: 0...20_000, using: &random) : nil
        return StressProgram(source: source, stages: stages, racingDisposeAfterSpins: racing)
    }

    private static func randomScheduler(_ random: inout SeededGenerator) -> SchedulerChoice {
        random.chance(60)
            ? .serial(Int.random(in: 0..<serialSchedulerCount, using: &random))
            : .concurrent(Int.random(in: 0..<concurrentSchedulerCount, using: &random))
    }

    private static func randomSource(_ random: inout SeededGenerator, nested: Bool) -> StressSource {
        let ending = SourceEnding.allCases.randomElement(using: &random)!
        switch Int.random(in: 0..<(nested ? 2 : 3), using: &random) {
        case 0:
            return .subject(
                feeders: Int.random(in: 1...4, using: &random),
                count: Int.random(in: 1...60, using: &random),
                ending: ending
            )
        case 1:
            return .create(on: randomScheduler(&random), count: Int.random(in: 0...80, using: &random), ending: ending)
        default:
            return .range(count: Int.random(in: 0...40, using: &random))
        }
    }

    private static func randomStage(_ random: inout SeededGenerator) -> StressStage {
        let scheduler = randomScheduler(&random)
        switch Int.random(in: 0..<24, using: &random) {
        case 0: return .map
        case 1: return .filter
        case 2: return .scan
        case 3: return .distinctUntilChanged
        case 4: return .startWith
        case 5: return .take(Int.random(in: 0...30, using: &random))
        case 6: return .skip(Int.random(in: 0...10, using: &random))
        case 7, 8: return .observeOn(scheduler)
        case 9, 10: return .subscribeOn(scheduler)
        case 11: return .merge(randomSource(&random, nested: true))
        case 12: return .zip(randomSource(&random, nested: true))
        case 13: return .combineLatest(randomSource(&random, nested: true))
        case 14: return .withLatestFrom(randomSource(&random, nested: true))
        case 15: return .takeUntil(randomSource(&random, nested: true))
        case 16: return .flatMap(on: scheduler)
        case 17: return .flatMapLatest(on: scheduler)
        case 18: return .concatMap(on: scheduler)
        case 19:
            return .sharedTwice(
                replay: Int.random(in: 0...2, using: &random),
                whileConnected: random.chance(50),
                on: scheduler
            )
        case 20: return random.chance(50) ? .retry(Int.random(in: 1...3, using: &random)) : .catchAndReturn
        case 21: return .delay(microseconds: Int.random(in: 0...300, using: &random), on: scheduler)
        case 22:
            return random.chance(50)
                ? .debounce(microseconds: Int.random(in: 0...300, using: &random), on: scheduler)
                : .throttle(
                    microseconds: Int.random(in: 0...300, using: &random),
                    latest: random.chance(50),
                    on: scheduler
                )
        default: return .timeout(milliseconds: Int.random(in: 1...20, using: &random), on: scheduler)
        }
    }
}
