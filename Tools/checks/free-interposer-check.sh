#!/usr/bin/env bash
# No executable of a traced build defines `free`: the heap graph's allocation table learns of
# frees by pointing the loaded images' `free` imports at itself when the first graph recording
# starts (Sources/CRxHeapGraph/rxheap.c, docs/runtime-hooks.md), so a program that never builds a
# heap graph (a test binary that links RxTraceTesting for XCTAssertNoRxLeaks alone) frees through
# libc alone, with nothing of rxtrace's on the path. Checks every executable and test binary of
# the traced debug build (`swift build --traits TraceResources`, and `swift test`'s binary when it
# was built), then that the heap graph still works in one: `rxtrace run strong-self-cycle` finds
# its reference cycle.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT="${SWIFT:-swift}"
"$SWIFT" build --traits TraceResources >/dev/null
bin="$("$SWIFT" build --traits TraceResources --show-bin-path)"

mapfile -t binaries < <(find "$bin" -maxdepth 1 -type f -perm -u+x \( -name 'rxtrace*' -o -name '*.xctest' \) | sort)
[ ${#binaries[@]} -gt 0 ] || { echo "free-interposer-check: no executables in $bin" >&2; exit 2; }
status=0
for exe in "${binaries[@]}"; do
    name="$(basename "$exe")"
    # Defined in the symbol table (any binding) or exported: both would replace libc's `free`.
    defined="$( (nm --defined-only "$exe" 2>/dev/null; nm -D --defined-only "$exe" 2>/dev/null) | awk '$3 == "free"' | sort -u)"
    if [ -n "$defined" ]; then
        echo "free-interposer-check: FAIL: $name defines free:" >&2
        echo "$defined" >&2
        status=1
    else
        echo "free-interposer-check: ok: $name defines no free ($(nm -D --undefined-only "$exe" | awk '$2 ~ /^free(@|$)/ { print "imports " $2 }'))"
    fi
done

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
set +e
"$bin/rxtrace" run strong-self-cycle --output "$scratch" --no-color >"$scratch/run.txt" 2>&1
code=$?
set -e
python3 - "$scratch/rxtrace.json" "$code" <<'PY' || status=1
import json, sys
report, code = json.load(open(sys.argv[1])), sys.argv[2]
scenario = report["scenarios"][0]
cycles = [f for f in scenario["findings"] if f["kind"] == "referenceCycle"]
if code != "0" or scenario["actualVerdict"] != "cycle" or not cycles or report["host"].get("heapGraphNote"):
    sys.exit(f"free-interposer-check: FAIL: strong-self-cycle exited {code} with verdict {scenario['actualVerdict']}, "
             f"{len(cycles)} reference cycles, heap graph note {report['host'].get('heapGraphNote')!r}")
print(f"free-interposer-check: ok: the heap graph still finds strong-self-cycle's cycle at "
      f"{cycles[0]['callSite']['file']}:{cycles[0]['callSite']['line']} with no free in the executable")
PY
exit $status
