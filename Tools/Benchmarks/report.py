#!/usr/bin/env python3
"""Turns the callgrind JSON lines of `make bench` (Tools/Benchmarks/callgrind.sh) into the README's
tables: instructions and allocations per operation for each configuration, and the ratios the
performance targets of issue 11 are stated in.

usage: report.py <label>=<file.jsonl>...  with the labels
  dependency-untraced, dependency-counts, dependency-backtraces   (rxtrace by version: users)
  dependency-counts-no-hops                                       (counts, RXTRACE_HOPS=off)
  untraced, traced-counts, traced-backtraces                      (by path, cross-module optimisation)
  opencombine"""
import json
import math
import sys

# RxSwift 6.10.2's callgrind instructions per operation for the same workloads, measured on this
# machine (issue 11; RxSwift is not built by `make bench`). The target: geometric mean of
# RxCore's dependency configuration at most 0.5x these.
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

rows, order = {}, []
for argument in sys.argv[1:]:
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


def table(title, untraced, counts, backtraces, extras=()):
    print(f"**{title}** (callgrind instructions · allocations, per operation)\n")
    head = "| workload | untraced | traced, counts | traced, backtraces | OpenCombine | untraced/OpenCombine | untraced/RxSwift 6.10 | counts/untraced | backtraces/untraced |"
    rule = "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    for label, _ in extras:
        head += f" {label} |"
        rule += "---:|"
    print(head)
    print(rule)
    columns = {k: [] for k in ("oc", "rx", "counts", "backtraces")}
    columns.update({label: [] for label, _ in extras})
    for name in order:
        r = rows[name]
        u, c, b, o = r.get(untraced), r.get(counts), r.get(backtraces), r.get("opencombine")
        values = {
            "oc": ratio(instructions(u), instructions(o)),
            "rx": ratio(instructions(u), RXSWIFT.get(name)),
            "counts": ratio(instructions(c), instructions(u)),
            "backtraces": ratio(instructions(b), instructions(u)),
        }
        values.update({label: compute(r) for label, compute in extras})
        for key, value in values.items():
            columns[key].append(value)
        line = f'| {name} | {cell(u)} | {cell(c)} | {cell(b)} | {cell(o)} | {show(values["oc"])} | {show(values["rx"])} | {show(values["counts"])} | {show(values["backtraces"])} |'
        line += "".join(f" {show(values[label])} |" for label, _ in extras)
        print(line)
    means = {key: geometric_mean(values) for key, values in columns.items()}
    line = f'| geometric mean | | | | | {show(means["oc"])} | {show(means["rx"])} | {show(means["counts"])} | {show(means["backtraces"])} |'
    line += "".join(f" {show(means[label])} |" for label, _ in extras)
    print(line)
    print()


table(
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
