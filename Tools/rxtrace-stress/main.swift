import Foundation
import RxCore
import Synchronization

// rxtrace-stress: random Rx programs over real schedulers, checked against the observable
// contract on every run (see StressRun). Seeded: program i of a run is built from seed + i,
// and a breach prints the seed and the program, so
// `rxtrace-stress --seed S --programs 1 --repeat 200` reruns it.
//
//   rxtrace-stress [--seconds N] [--seed S] [--programs N] [--repeat N] [--self-test]
//
// --self-test first runs programs with deliberately broken stages, which must be caught.
//
// Exits 0 when no program breached the contract, 1 at the first that did, 2 on bad usage,
// 3 when a program hangs (no program finished for a minute).

struct Options {
    var seconds: Double = 20
    var seed = UInt64.random(in: 0..<(1 << 48))
    var programs = Int.max
    var repeats = 1
    var selfTest = false

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--self-test" {
                selfTest = true
                continue
            }
            guard let value = rest.popFirst() else { Options.usage("\(flag) needs a value") }
            switch flag {
            case "--seconds": seconds = Options.parse(value, flag)
            case "--seed": seed = Options.parse(value, flag)
            case "--programs": programs = Options.parse(value, flag)
            case "--repeat": repeats = Options.parse(value, flag)
            default: Options.usage("unknown option '\(flag)'")
            }
        }
    }

    static func parse<Value: LosslessStringConvertible>(_ value: String, _ flag: String) -> Value {
        guard let parsed = Value(value) else { usage("\(flag) takes \(Value.self), not '\(value)'") }
        return parsed
    }

    static func usage(_ problem: String) -> Never {
        FileHandle.standardError.write(
            Data(
                "rxtrace-stress: \(problem) (usage: rxtrace-stress [--seconds N] [--seed S] [--programs N] [--repeat N] [--self-test])\n"
                    .utf8
            )
        )
        exit(2)
    }
}

// Line by line, so a run piped to a file shows its progress and its last program.
setvbuf(stdout, nil, _IOLBF, 0)
let options = Options(Array(CommandLine.arguments.dropFirst()))
let schedulers = StressSchedulers()
let started = Date()
let finishedPrograms = Atomic<Int>(0)
let currentLock = NSLock()
nonisolated(unsafe) var current: (seed: UInt64, program: String) = (0, "")

// A deadlock never returns: a watchdog names the program that stopped making progress.
Thread.detachNewThread {
    var last = -1
    while true {
        Thread.sleep(forTimeInterval: 60)
        let now = finishedPrograms.load(ordering: .acquiring)
        if now == last {
            let (seed, program) = currentLock.withLock { current }
            print("rxtrace-stress: HANG: no program finished for 60 s; seed \(seed):\n    \(program)")
            exit(3)
        }
        last = now
    }
}

if options.selfTest {
    guard SelfTest.run(schedulers: schedulers) else { exit(1) }
    print("rxtrace-stress: self-test: overlapping calls, events after completion and a leaked subscription caught")
}
print("rxtrace-stress: seed \(options.seed), up to \(options.seconds) s")
var programs = 0
var stagesProbed = 0
var index: UInt64 = 0
while programs < options.programs * options.repeats && Date().timeIntervalSince(started) < options.seconds {
    let seed = options.seed &+ index / UInt64(options.repeats)
    let program = StressProgram.generate(seed: seed)
    currentLock.withLock { current = (seed, program.description) }
    let breaches = StressRun.run(program, schedulers: schedulers)
    if !breaches.isEmpty {
        print("rxtrace-stress: contract breached by program \(programs + 1), seed \(seed):\n    \(program)")
        for breach in breaches { print("  - \(breach)") }
        print("rerun: rxtrace-stress --seed \(seed) --programs 1 --repeat 200")
        exit(1)
    }
    programs += 1
    stagesProbed += program.stages.count
    index += 1
    finishedPrograms.store(programs, ordering: .releasing)
}
let elapsed = String(format: "%.1f", Date().timeIntervalSince(started))
print("rxtrace-stress: \(programs) programs (\(stagesProbed) stages) in \(elapsed) s, no contract breached")
