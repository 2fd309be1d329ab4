#!/usr/bin/env bash
# Allocations and runtime calls as a regression gate (docs/performance.md): builds the benchmark
# suite's rxbench in release against the working tree, without RXCORE_CROSS_MODULE_OPTIMIZATION
# (so with the compiler settings a package that depends on rxtrace by version gets), and checks
# every workload's allocations per operation and every operator's per subscription against
# Tools/Benchmarks/allocation-thresholds.txt, then every workload's generic-metadata look-ups and
# dynamic exclusivity checks per operation against Tools/Benchmarks/runtime-call-thresholds.txt.
# These counts are exact and repeatable; timings are not, and stay out of the gate. Exit 0 within
# every threshold, 1 a count over its threshold (one `alloc-check: FAIL:` line each, naming the
# workload, threshold and count), 2 the build or a thresholds file failed.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT="${SWIFT:-swift}"
BENCH=Tools/Benchmarks
SCRATCH="${ALLOC_CHECK_SCRATCH:-$BENCH/.build-alloc-check}"

# The build's output is kept in a log and its end shown on failure: a bare "failed" (seen twice
# under load, passing on rerun) left nothing to find the cause with.
mkdir -p "$SCRATCH"
build_log="$SCRATCH/alloc-check-build.log"
env -u RXCORE_CROSS_MODULE_OPTIMIZATION -u RXBENCH_TRACED -u RXBENCH_RXTRACE_URL RXBENCH_COUNT_RUNTIME_CALLS=1 \
    "$SWIFT" build -c release --package-path "$BENCH" --scratch-path "$SCRATCH" --product rxbench >"$build_log" 2>&1 \
    || { tail -n 25 "$build_log" >&2; echo "alloc-check: the release build of $BENCH (rxbench) failed (log: $build_log)" >&2; exit 2; }
bin="$(RXBENCH_COUNT_RUNTIME_CALLS=1 "$SWIFT" build -c release --package-path "$BENCH" --scratch-path "$SCRATCH" --show-bin-path)"
# A tenth of each workload: allocation counts per operation do not depend on the size beyond the
# amortised set-up of the pumps, which the gate's half-allocation tolerance absorbs.
# Both gates run, so one run shows every count over its threshold; an unusable file (exit 2) stops.
status=0
check() {
    RXBENCH_SCALE=10 "$bin/rxbench" "$@" || {
        local code=$?
        [ "$code" -le 1 ] || exit "$code"
        status=1
    }
}
check --check-allocations "$BENCH/allocation-thresholds.txt"
check --check-runtime-calls "$BENCH/runtime-call-thresholds.txt"
exit "$status"
