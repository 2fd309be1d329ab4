import Foundation
import RxCore
import RxCoreSemantics

// rxcore-semantics: random programs run on RxCore and on the reference model, compared.
//   rxcore-semantics --seed S[,S...] [--programs N per seed] [--max-divergences K (default 5)]
//   rxcore-semantics --seed S --index I          one program, printed, with its verdict
//   rxcore-semantics --self-test                 a deliberately slipped take(n) must be caught
// Exit status: 0 when every compared program agreed, 1 on a divergence, 2 on bad arguments.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("rxcore-semantics: \(message)\n".utf8))
    exit(2)
}

func number<Value: LosslessStringConvertible>(_ text: Substring, for option: String) -> Value {
    guard let value = Value(String(text)) else { fail("\(option) takes a number, got \(text)") }
    return value
}

#if TRACE_RESOURCES
// The check reads Resources.total only: thread-hop records of thousands of random stages would
// cost time and fill their table for nothing.
ThreadHops.isEnabled = false
#endif

var seeds: [UInt64] = []
var programs = 1000
var index: Int?
var maxDivergences = 5
var arguments = CommandLine.arguments.dropFirst()
if arguments.elementsEqual(["--self-test"]) {
    let (caught, lines) = SemanticsSelfTest.run()
    for line in lines { print(line) }
    exit(caught ? 0 : 1)
}
while let argument = arguments.popFirst() {
    guard let value = arguments.popFirst() else { fail("\(argument) needs a value") }
    switch argument {
    case "--seed", "--seeds":
        seeds = value.split(separator: ",").map { number($0, for: argument) }
    case "--programs": programs = number(Substring(value), for: argument)
    case "--index": index = number(Substring(value), for: argument) as Int
    case "--max-divergences": maxDivergences = number(Substring(value), for: argument)
    default: fail("unknown argument \(argument)")
    }
}
if seeds.isEmpty { fail("--seed is required") }

if let index {
    let program = ProgramGenerator.program(seed: seeds[0], index: index)
    print(program)
    let (verdict, divergence) = SemanticsCheck.check(seed: seeds[0], index: index)
    if let divergence {
        print(divergence.report)
        exit(1)
    }
    if let outcome = ReferenceModel.run(program) {
        print("events: " + outcome.events.map(\.description).joined(separator: ", "))
        for (source, intervals) in outcome.subscriptions.enumerated() {
            print("s\(source) subscriptions: " + intervals.map(\.description).joined(separator: ", "))
        }
    }
    print(verdict == .ambiguous ? "ambiguous timing: not compared" : "RxCore agrees with the model")
    exit(0)
}

let start = Date()
var total = SemanticsCheck.Summary()
for seed in seeds {
    let budget = maxDivergences - total.divergences.count
    total.add(SemanticsCheck.run(seed: seed, count: programs, maxDivergences: budget))
    if total.divergences.count >= maxDivergences { break }
}
// Several programs diverge for one slip, each shrunk to a local minimum: the smallest is printed
// last, next to the summary, as it names the operator most directly.
let bySize = total.divergences.sorted {
    ($0.minimal.chain.operators.count, $0.minimal.chain.description.count)
        > ($1.minimal.chain.operators.count, $1.minimal.chain.description.count)
}
for divergence in bySize { print(divergence.report, "\n") }
if let smallest = bySize.last {
    print("smallest divergence: \(smallest.minimal.chain) (seed \(smallest.seed), index \(smallest.index))")
}
let seconds = Date().timeIntervalSince(start)
print(
    "rxcore-semantics: \(total.programs) programs (seeds \(seeds.map(String.init).joined(separator: ","))),"
        + " \(total.compared) compared, \(total.ambiguous) skipped for ambiguous timing,"
        + " \(total.divergences.count) divergences, \(String(format: "%.1f", seconds)) s"
)
let counts = total.operatorCounts.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }
print("compared programs per operator: " + counts.joined(separator: ", "))
exit(total.divergences.isEmpty ? 0 : 1)
