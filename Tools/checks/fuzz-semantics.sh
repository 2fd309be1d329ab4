#!/usr/bin/env bash
# The long run of RxCore against the reference model (docs/semantics.md): FUZZ_PROGRAMS random
# programs (default 1,000,000), split between two processes (seeds FUZZ_SEED and FUZZ_SEED+1), on
# a traced release build in its own scratch folder (.build-semantics), backtraces off since only
# the live-resource count is needed. Each process prints its divergences (seed, index, chain,
# shrunk marbles) and a summary line. Exit 0 when no program diverged, 1 on a divergence, 2 when
# the build failed.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT="${SWIFT:-swift}"
programs="${FUZZ_PROGRAMS:-1000000}"
seed="${FUZZ_SEED:-1000}"
scratch=.build-semantics
mkdir -p "$scratch"

"$SWIFT" build -c release --traits TraceResources --scratch-path "$scratch" --product rxcore-semantics >"$scratch/build.log" 2>&1 \
    || { tail -n 25 "$scratch/build.log" >&2; echo "fuzz-semantics: the release build failed (log: $scratch/build.log)" >&2; exit 2; }
bin="$("$SWIFT" build -c release --traits TraceResources --scratch-path "$scratch" --show-bin-path)/rxcore-semantics"

half=$((programs / 2))
start=$(date +%s)
RXTRACE_CAPTURE=off "$bin" --seed "$seed" --programs "$half" --max-divergences 20 >"$scratch/fuzz-a.log" 2>&1 &
first=$!
RXTRACE_CAPTURE=off "$bin" --seed "$((seed + 1))" --programs "$((programs - half))" --max-divergences 20 \
    >"$scratch/fuzz-b.log" 2>&1 &
second=$!
status=0
wait "$first" || status=1
wait "$second" || status=1
cat "$scratch/fuzz-a.log" "$scratch/fuzz-b.log"
echo "fuzz-semantics: $programs programs asked for, two processes, $(($(date +%s) - start)) s (each process's line above says how many ran)"
exit "$status"
