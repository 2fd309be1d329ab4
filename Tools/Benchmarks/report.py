#!/usr/bin/env python3
"""Turns the JSON lines of the benchmark runs into the README's table: medians per
configuration and the ratios the performance targets are stated in."""
import json
import sys

rows = {}
order = []
for path in sys.argv[1:]:
    with open(path) as handle:
        for line in handle:
            line = line.strip()
            if not line.startswith("{"):
                continue
            m = json.loads(line)
            if m["workload"] not in rows:
                rows[m["workload"]] = {}
                order.append(m["workload"])
            rows[m["workload"]][m["configuration"]] = m

configs = ["untraced", "traced-counts", "traced-backtraces", "opencombine", "traced-counts-no-hops"]


def cell(m):
    if m is None:
        return "—"
    return f'{m["nanosecondsPerOperation"]:.0f} ns · {m["allocationsPerOperation"]:.1f} alloc'


def ratio(a, b):
    if a is None or b is None or b["nanosecondsPerOperation"] == 0:
        return "—"
    return f'{a["nanosecondsPerOperation"] / b["nanosecondsPerOperation"]:.2f}×'


print("| workload | untraced | traced, counts | traced, backtraces | OpenCombine | counts/untraced | backtraces/untraced | untraced/OpenCombine | hop recording (counts / counts with RXTRACE_HOPS=off) |")
print("|---|---|---|---|---|---|---|---|---|")
for name in order:
    r = rows[name]
    u, c, b, o, n = (r.get(k) for k in configs)
    print(f"| {name} | {cell(u)} | {cell(c)} | {cell(b)} | {cell(o)} | {ratio(c, u)} | {ratio(b, u)} | {ratio(u, o)} | {ratio(c, n)} |")
