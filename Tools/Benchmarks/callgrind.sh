#!/usr/bin/env bash
# Callgrind instructions and allocations per operation for every workload of one benchmark binary,
# in one valgrind process: usage `callgrind.sh <binary> <output.jsonl> [arguments...]` (the binary's
# environment, RXBENCH_CONFIG and RXTRACE_CAPTURE, passes through, and so do the arguments: e.g.
# `--only seed-chain.subscribe seed-chain-closure.subscribe` measures just those). Writes the
# harness's JSON lines with `instructionsPerOperation` added.
#
# Only the timed runs are counted, on every thread of the process: collection is on everywhere, and a
# profile is dumped (and every thread's counters zeroed) on entry to and on exit from
# `callgrindMeasuredRun` (Harness.swift), so every second dump is workload k's single run
# (RXBENCH_RUNS=1) with whatever other threads did meanwhile (observeOn-serial.pump's consumer
# included), without start-up, warm-up or the allocation-counting run. RXBENCH_SCALE (default
# 100) shrinks the workloads; instruction counts per operation are repeatable to a few
# instructions at that size.
set -euo pipefail
binary="${1:?usage: callgrind.sh <binary> <output.jsonl>}"
output="${2:?usage: callgrind.sh <binary> <output.jsonl>}"
shift 2
work="$(mktemp -d "${TMPDIR:-/tmp}/rxbench-callgrind.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# valgrind 3.19 cannot read the DWARF Swift 6.3 emits; the symbol table is enough for names.
strip --strip-debug -o "$work/bench" "$binary"
# --dump-after takes no wildcard (3.19 ignores one there): the exact mangled name.
measured="$(nm "$work/bench" | awk '/callgrindMeasuredRun/ && !found { print $3; found = 1 }')"
[ -n "$measured" ] || { echo "callgrind.sh: $binary has no callgrindMeasuredRun symbol" >&2; exit 2; }
RXBENCH_RUNS=1 RXBENCH_SCALE="${RXBENCH_SCALE:-100}" valgrind --tool=callgrind -q \
    --dump-before="$measured" --dump-after="$measured" \
    --callgrind-out-file="$work/profile" "$work/bench" "$@" > "$work/lines.jsonl"

python3 - "$work" > "$output" <<'PY'
import glob, json, os, sys
work = sys.argv[1]
def totals(path):
    with open(path) as handle:
        for line in handle:
            if line.startswith("totals:") or line.startswith("summary:"):
                return int(line.split()[1])
    return 0
dumps = sorted(glob.glob(os.path.join(work, "profile.*")), key=lambda p: int(p.rsplit(".", 1)[1]))
# Dumps 1, 3, 5… end just before a measured run; 2, 4, 6… are the runs (1-based numbering).
dumps = dumps[1::2]
lines = [json.loads(l) for l in open(os.path.join(work, "lines.jsonl")) if l.startswith("{")]
if len(dumps) < len(lines):
    sys.exit(f"callgrind.sh: {len(lines)} workloads but {len(dumps)} profiles")
for measurement, dump in zip(lines, dumps):
    measurement["instructionsPerOperation"] = totals(dump) / measurement["operations"]
    print(json.dumps(measurement, sort_keys=True))
PY
