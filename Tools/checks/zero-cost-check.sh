#!/usr/bin/env bash
# Proves that a build without the TraceResources trait carries none of the tracing machinery:
# builds the rxtrace CLI and the overhead benchmark in release without the trait (or takes the
# binaries of an untraced build already made, ZERO_COST_BIN), then checks
# that no registry, capture or symbolication symbol is in the binaries and that libunwind is
# neither linked nor referenced.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT="${SWIFT:-swift}"
SCRATCH="${ZERO_COST_SCRATCH:-.build-zero-cost}"

# ZERO_COST_BIN: check binaries an untraced build already made (`make test` checks its debug
# build, where nothing is dead-stripped: a symbol absent there is absent from a release build).
if [ -n "${ZERO_COST_BIN:-}" ]; then
    bin="$ZERO_COST_BIN"
else
    "$SWIFT" build -c release --scratch-path "$SCRATCH" --product rxtrace >/dev/null
    "$SWIFT" build -c release --scratch-path "$SCRATCH" --product rxtrace-overhead >/dev/null
    bin="$("$SWIFT" build -c release --scratch-path "$SCRATCH" --show-bin-path)"
fi
configuration="$(basename "$bin")"

# Mangled Swift names contain the identifiers verbatim (e.g. $s6RxCore16ResourceRegistryO…).
pattern='HopStageTable|HopThreadState|HopRecording|ThreadAnomalyLog|SchedulerLabels|SchedulerMark|10ThreadHopsO|ResourceRegistry|ResourceTable|StackInterner|ThreadRegistry|EntryRecord|RegistryState|Symbolicator|LeakAnalysis|SchedulerActivity|9Resources|unw_backtrace|_Ux86_64_|_ULx86_64_|_Uaarch64_|rxheap_|rxtrace_thread|AllocationTable|HeapGraph|HeapExplanation'
status=0
for exe in "$bin/rxtrace" "$bin/rxtrace-overhead"; do
    [ -x "$exe" ] || { echo "zero-cost-check: $exe was not built" >&2; exit 2; }
    name="$(basename "$exe")"
    symbols="$(nm "$exe" 2>/dev/null | grep -E "$pattern" || true)"
    if [ -n "$symbols" ]; then
        echo "zero-cost-check: FAIL: $name contains tracing symbols:" >&2
        echo "$symbols" | head -20 >&2 || true
        status=1
    fi
    # The heap graph's `free` interposer exists only in traced builds.
    if nm "$exe" 2>/dev/null | grep -qE ' T free$'; then
        echo "zero-cost-check: FAIL: $name defines free (the heap graph's interposer)" >&2
        status=1
    fi
    if readelf -d "$exe" 2>/dev/null | grep -q 'libunwind' || ldd "$exe" 2>/dev/null | grep -q 'libunwind'; then
        echo "zero-cost-check: FAIL: $name links libunwind" >&2
        status=1
    fi
    if [ $status -eq 0 ]; then
        echo "zero-cost-check: ok: $name ($configuration, no TraceResources): $(nm "$exe" | wc -l) symbols, none from the registry or the heap graph, no free interposer; libunwind not linked"
    fi
done
exit $status
