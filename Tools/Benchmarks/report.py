#!/usr/bin/env python3
"""Turns the callgrind JSON lines of `make bench` (Tools/Benchmarks/callgrind.sh) into the tables
of docs/performance.md: instructions and allocations per operation for each configuration, and
the ratios the performance targets are stated in.

usage: report.py [--doc docs/performance.md] [--allocations allocations.md] <label>=<file.jsonl>...
with the labels
  dependency-untraced, dependency-counts, dependency-backtraces   (rxtrace by version: users)
  dependency-counts-no-hops                                       (counts, RXTRACE_HOPS=off)
  untraced, traced-counts, traced-backtraces                      (by path, cross-module optimisation)
  opencombine
  rxswift          (optional: rxbench built against an RxSwift checkout in this run, RXBENCH_RXSWIFT)
Prints the tables; with --doc, also writes them into that file between its
`<!-- make bench: begin -->` and `<!-- make bench: end -->` markers, with the date and machine."""
import datetime
import json
import math
import os
import platform
import subprocess
import sys

# RxSwift 6.10.2's callgrind instructions per operation for the same workloads, measured on this
# machine on 2026-11-24 (issue 11), used when `make bench` is not given an RxSwift checkout.
RXSWIFT_STORED_DATE = "2026-11-24"
RXSWIFT = {
    "publish.pump.1-subscriber": 4343,
    "publish.pump.2-subscribers": 4382,
    "publish.create-subscribe-dispose": 15734,
    "map-filter-x6.pump": 14911,
    "map-filter-x6.create": 114137,
    "flatMap-x5.pump": 51858,
    "flatMap-x5.create": 149943,
    "flatMapLatest-x5.pump": 49372,
    "flatMapLatest-x5.create": 142414,
    "combineLatest4-x7.pump": 34645,
    "combineLatest4-x7.create": 381743,
    "observeOn-serial.pump": 13974,
    # Measured with `distinctUntilChanged { $0 == $1 }`, the spelling seed-chain.subscribe used
    # until issue 23 (now seed-chain-closure.subscribe); the plain spelling has no stored figure.
    "seed-chain-closure.subscribe": 42616,
}

arguments = sys.argv[1:]
doc = None
operator_allocations = None
while arguments[:1] in (["--doc"], ["--allocations"]):
    if arguments[0] == "--doc":
        doc = arguments[1]
    else:
        with open(arguments[1]) as handle:
            operator_allocations = handle.read().strip()
    arguments = arguments[2:]

# The floor for the seed chain: the same pipeline built at run time from plain closures, one per
# stage (issue 23's measurement on this machine), in instructions per subscription.
SEED_CHAIN_FLOOR = 1656

rows, order = {}, []
for argument in arguments:
    label, path = argument.split("=", 1)
    with open(path) as handle:
        for line in handle:
            if not line.startswith("{"):
                continue
            m = json.loads(line)
            if m["workload"] not in rows:
                rows[m["workload"]] = {}
                order.append(m["workload"])
            rows[m["workload"]][label] = m


def instructions(m):
    return None if m is None else m["instructionsPerOperation"]


def cell(m):
    if m is None:
        return "—"
    return f'{instructions(m):,.0f} · {m["allocationsPerOperation"]:.1f}'


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def show(r):
    return "—" if r is None else f"{r:.2f}×"


def geometric_mean(values):
    values = [v for v in values if v is not None]
    return None if not values else math.exp(sum(math.log(v) for v in values) / len(values))


measured_rxswift = any("rxswift" in r for r in rows.values())


def rxswift_instructions(r, name):
    if measured_rxswift:
        return instructions(r.get("rxswift"))
    return RXSWIFT.get(name)


out = []


def emit(line=""):
    out.append(line)


def table(title, untraced, counts, backtraces, extras=()):
    emit(f"**{title}** (callgrind instructions · allocations, per operation)\n")
    rxswift_cells = measured_rxswift
    head = "| workload | untraced | traced, counts | traced, backtraces | OpenCombine |"
    rule = "|---|---:|---:|---:|---:|"
    if rxswift_cells:
        head += " RxSwift |"
        rule += "---:|"
    head += f" untraced/OpenCombine | untraced/RxSwift{'' if measured_rxswift else ' 6.10 (stored)'} | counts/untraced | backtraces/untraced |"
    rule += "---:|---:|---:|---:|"
    for label, _ in extras:
        head += f" {label} |"
        rule += "---:|"
    emit(head)
    emit(rule)
    columns = {k: [] for k in ("oc", "rx", "counts", "backtraces")}
    columns.update({label: [] for label, _ in extras})
    for name in order:
        r = rows[name]
        u, c, b, o = r.get(untraced), r.get(counts), r.get(backtraces), r.get("opencombine")
        values = {
            "oc": ratio(instructions(u), instructions(o)),
            "rx": ratio(instructions(u), rxswift_instructions(r, name)),
            "counts": ratio(instructions(c), instructions(u)),
            "backtraces": ratio(instructions(b), instructions(u)),
        }
        values.update({label: compute(r) for label, compute in extras})
        for key, value in values.items():
            columns[key].append(value)
        line = f'| {name} | {cell(u)} | {cell(c)} | {cell(b)} | {cell(o)} |'
        if rxswift_cells:
            line += f' {cell(r.get("rxswift"))} |'
        line += f' {show(values["oc"])} | {show(values["rx"])} | {show(values["counts"])} | {show(values["backtraces"])} |'
        line += "".join(f" {show(values[label])} |" for label, _ in extras)
        emit(line)
    means = {key: geometric_mean(values) for key, values in columns.items()}
    line = "| geometric mean | | | | |" + (" |" if rxswift_cells else "")
    line += f' {show(means["oc"])} | {show(means["rx"])} | {show(means["counts"])} | {show(means["backtraces"])} |'
    line += "".join(f" {show(means[label])} |" for label, _ in extras)
    emit(line)
    emit()
    return columns, means


dependency_columns, dependency_means = table(
    "Dependency configuration: rxtrace by version from a tagged clone (what users get)",
    "dependency-untraced", "dependency-counts", "dependency-backtraces",
    extras=(
        ("untraced, dependency/path", lambda r: ratio(instructions(r.get("dependency-untraced")), instructions(r.get("untraced")))),
        ("hop recording: counts/counts with RXTRACE_HOPS=off", lambda r: ratio(instructions(r.get("dependency-counts")), instructions(r.get("dependency-counts-no-hops")))),
    ),
)
table(
    "Path configuration with RXCORE_CROSS_MODULE_OPTIMIZATION=1 (this repository's own builds)",
    "untraced", "traced-counts", "traced-backtraces",
)


def targets():
    """The issue 23 targets, checked on the dependency configuration's figures."""
    emit("**Targets (dependency configuration)**\n")
    counts, backtraces = dependency_columns["counts"], dependency_columns["backtraces"]
    worst = max((v, n) for v, n in zip(counts + backtraces, order + order) if v is not None) if order else (None, "")

    def verdict(ok):
        return "met" if ok else "not met"

    mc, mb = dependency_means["counts"], dependency_means["backtraces"]
    if mc is not None and mb is not None and worst[0] is not None:
        emit(f"- Tracing, counts only ≤ 1.10× untraced (geometric mean): {show(mc)}, {verdict(mc <= 1.10)}.")
        emit(f"- Tracing, backtraces ≤ 1.5× untraced (geometric mean): {show(mb)}, {verdict(mb <= 1.5)}.")
        emit(f"- No workload above 2× traced: worst {show(worst[0])} ({worst[1]}), {verdict(worst[0] <= 2)}.")
    seed = rows.get("seed-chain.subscribe", {}).get("dependency-untraced")
    if seed is not None:
        floor = SEED_CHAIN_FLOOR
        emit(f"- Seed chain at most 3× the plain-closure floor ({floor:,} instructions): {instructions(seed):,.0f}, "
             f"{instructions(seed) / floor:.2f}×, {verdict(instructions(seed) <= 3 * floor)}.")
    above = []
    for name in order:
        r = rows[name]
        u, o = r.get("dependency-untraced"), r.get("opencombine")
        if u is not None and o is not None and u["allocationsPerOperation"] > o["allocationsPerOperation"] + 0.05:
            above.append(f'{name} {u["allocationsPerOperation"]:.1f} against {o["allocationsPerOperation"]:.1f}')
    emit("- Allocations at or below OpenCombine on every workload it has: "
         + ("met." if not above else "not met: " + "; ".join(above) + "."))
    emit()


targets()
if measured_rxswift:
    note = ("RxSwift's column: rxbench built in this run against the RxSwift checkout given with "
            "`RXBENCH_RXSWIFT` (release, as a dependency builds it).")
else:
    note = (f"RxSwift's ratios use stored figures: RxSwift 6.10.2 measured on this machine on "
            f"{RXSWIFT_STORED_DATE} (issue 11; `RXSWIFT` in Tools/Benchmarks/report.py), not in this run; "
            "`make bench RXBENCH_RXSWIFT=<RxSwift checkout>` measures it side by side.")
emit(note)
emit()
if operator_allocations:
    emit("**Allocations per subscription per operator** (`rxbench --allocations`, dependency configuration, untraced: "
         "each operator subscribed to a `PublishSubject` and disposed, minus the bare subject subscription)\n")
    emit(operator_allocations)
    emit()
text = "\n".join(out)
print(text)


def machine():
    def run(*command):
        try:
            return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return "?"
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as handle:
            cpu = next(line.split(":", 1)[1].strip() for line in handle if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    swift = run("swift", "--version").splitlines()[0]
    commit = run("git", "rev-parse", "--short", "HEAD")
    dirty = " with uncommitted changes" if run("git", "status", "--porcelain", "--untracked-files=no") else ""
    return (f"{os.cpu_count()} cores ({cpu}), {platform.system()} {platform.machine()}, {swift}; "
            f"rxtrace at {commit}{dirty}")


if doc:
    begin, end = "<!-- make bench: begin -->", "<!-- make bench: end -->"
    with open(doc) as handle:
        current = handle.read()
    if begin not in current or end not in current:
        sys.exit(f"report.py: {doc} has no {begin} … {end} markers")
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    generated = (f"{begin}\n<!-- Written by `make bench` (Tools/Benchmarks/report.py); edit the script, not this block. -->\n\n"
                 f"Measured {stamp} on {machine()}.\n\n{text}\n{end}")
    updated = current[:current.index(begin)] + generated + current[current.index(end) + len(end):]
    temporary = doc + ".tmp"
    with open(temporary, "w") as handle:
        handle.write(updated)
    os.replace(temporary, doc)
