#!/usr/bin/env bash
# `drive` off the main thread in a traced build where the check does not stop the process
# (release: RxCore's MainScheduler.ensureRunningOnMainThread prints RxCocoa's message instead of
# trapping; the runner keeps a scenario's output only when it crashes, so the message is not read). rxtrace must report it as a thread anomaly (offMainThread) at the user's `drive`
# line. `swift test` builds debug only, where the same call stops the process as RxCocoa's does
# (Tests/RxTraceTests/DriveOffMainThreadTests.swift); this is the other half.
# Exit 0 when it holds; 1 with one line on stderr when it does not; 2 when the build fails.
set -euo pipefail
SWIFT=${SWIFT:-swift}
cd "$(dirname "$0")/../.."

"$SWIFT" build -c release --traits TraceResources --product rxtrace-fixtures >/dev/null \
    || { echo "drive-off-main-check: the release build of rxtrace-fixtures failed" >&2; exit 2; }
bin="$("$SWIFT" build -c release --traits TraceResources --show-bin-path)"
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT

status=0
"$bin/rxtrace-fixtures" run drives-off-main-thread --output "$reports" --no-color >"$reports/stdout.txt" 2>&1 || status=$?
marker="fixture: the off-main drive"
drive_line=$(grep -n "$marker" Tools/rxtrace-fixtures/main.swift | cut -d: -f1)

python3 - "$reports/rxtrace.json" "$reports/stdout.txt" "$status" "$drive_line" <<'PY'
import json, sys
report_path, stdout_path, status, drive_line = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
stdout = open(stdout_path).read()
def fail(message):
    sys.exit(f"drive-off-main-check: {message}\n{stdout}")
scenario = json.load(open(report_path))["scenarios"][0]
# The scenario expects clean, so an anomaly fails it: `run` exits 1, not 3 (no crash).
if status != 1 or scenario["status"]["state"] != "threadAnomaly":
    fail(f"expected a thread anomaly (exit 1), got exit {status} and status {scenario['status']}")
anomalies = [f for f in scenario.get("findings", []) if f.get("kind") == "threadAnomaly"]
if len(anomalies) != 1 or anomalies[0]["anomaly"]["kind"] != "offMainThread":
    fail(f"expected one offMainThread anomaly, got {[(f.get('kind'), (f.get('anomaly') or {}).get('kind')) for f in scenario.get('findings', [])]}")
# Detected by the check `drive` makes (its backtrace runs through drive(onNext:…)), at the user's line.
functions = [frame.get("function", "") for frame in anomalies[0].get("backtrace", [])]
check = next((i for i, f in enumerate(functions) if "MainScheduler.ensureRunningOnMainThread(errorMessage:)" in f), None)
if check is None or check + 1 >= len(functions) or ".drive(onNext:onCompleted:onDisposed:)" not in functions[check + 1]:
    fail(f"the anomaly was not detected by drive's main-thread check: {functions}")
site = anomalies[0].get("callSite") or {}
if site.get("file") != "Tools/rxtrace-fixtures/main.swift" or site.get("line") != drive_line:
    fail(f"the anomaly is at {site.get('file')}:{site.get('line')}, not at the drive line Tools/rxtrace-fixtures/main.swift:{drive_line}")
print(f"drive-off-main-check: release, traced: drive off the main thread is an offMainThread anomaly at "
      f"Tools/rxtrace-fixtures/main.swift:{drive_line} ({anomalies[0]['anomaly']['detail']})")
PY
