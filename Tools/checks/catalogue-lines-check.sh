#!/usr/bin/env bash
# Every finding of the built-in catalogue in a traced *release* build has a source line (leaked
# subscriptions, reference cycles and unreleased objects at their file and line, thread anomalies
# too), and so does every closure its cycles and retention paths name. The build is `make demo`'s
# (RXCORE_CROSS_MODULE_OPTIMIZATION=1), where the optimiser shares code between call sites and
# some return addresses have line 0.
# Exit 0 when every finding is placed (and every verdict is the declared one); 1 with the
# unplaced findings on stderr; 2 when the build fails.
set -euo pipefail
SWIFT=${SWIFT:-swift}
cd "$(dirname "$0")/../.."
export RXCORE_CROSS_MODULE_OPTIMIZATION=1

"$SWIFT" build -c release --traits TraceResources --product rxtrace >/dev/null \
    || { echo "catalogue-lines-check: the release build of rxtrace failed" >&2; exit 2; }
bin="$("$SWIFT" build -c release --traits TraceResources --show-bin-path)"
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT

status=0
"$bin/rxtrace" run --all --output "$reports" --no-color >"$reports/stdout.txt" 2>&1 || status=$?

python3 - "$reports/rxtrace.json" "$reports/stdout.txt" "$status" <<'PY'
import json, sys
report_path, stdout_path, status = sys.argv[1], sys.argv[2], int(sys.argv[3])
scenarios = json.load(open(report_path))["scenarios"]
unplaced, count = [], 0
for scenario in scenarios:
    for finding in scenario.get("findings", []):
        count += 1
        site = finding.get("callSite") or {}
        if not site.get("file") or not isinstance(site.get("line"), int) or site["line"] < 1:
            chain = " → ".join(finding.get("operatorChain", [])) or ", ".join(finding.get("resourceTypes", [])[:3])
            unplaced.append(f"{scenario['name']}: {finding['kind']} ({chain}) has no line")
# A closure named on a cycle or a retention path ("closure #1 in …", "method reference …") is
# shown with its line too; thunks and implicit closures the compiler made have none to show.
def closures(scenario):
    for cycle in scenario.get("cycles", []):
        yield "cycle", cycle.get("steps", [])
    for finding in scenario.get("findings", []):
        yield "retention path", (finding.get("retentionPath") or {}).get("steps", [])
steps = 0
for scenario in scenarios:
    for where, path in closures(scenario):
        for step in path:
            name = step.get("closure") or ""
            if not (name.startswith("closure #") or name.startswith("method reference ")):
                continue
            steps += 1
            line = (step.get("location") or {}).get("line")
            if not isinstance(line, int) or line < 1:
                unplaced.append(f"{scenario['name']}: {where} step .{step.get('via')} = {name} has no line")
if unplaced:
    sys.exit("catalogue-lines-check: findings of the release catalogue without a source line:\n  " + "\n  ".join(unplaced))
if status != 0:
    sys.exit(f"catalogue-lines-check: rxtrace run --all exited {status} (a verdict differs from the declared one)\n" + open(stdout_path).read())
print(f"catalogue-lines-check: all {count} findings and {steps} closures on their paths of the {len(scenarios)} release-built scenarios have a source line")
PY
