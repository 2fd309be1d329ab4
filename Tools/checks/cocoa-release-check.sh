#!/usr/bin/env bash
# RxCocoa code under rxtrace in a traced *release* build, where `swift test` (debug only) cannot
# look (Tools/rxtrace-fixtures, built with -c release --traits TraceResources):
# - `drives-off-main-thread`: in release the main-thread check `drive` makes
#   (MainScheduler.ensureRunningOnMainThread) prints RxCocoa's message instead of trapping, so
#   rxtrace must report one offMainThread anomaly, detected by that check, at the user's `drive`
#   line, its detail naming the `drive` overload. (The debug half, where the process stops, is
#   Tests/RxTraceEndToEndTests/DriveOffMainThreadTests. The runner keeps a scenario's output only when it
#   crashes, so the message is not read here.)
# - `emits-off-main-thread`: `emit` off the main thread is legal, as in RxCocoa (which checks
#   `drive`'s thread, not `emit`'s), in release as in debug: the scenario runs, passes clean, no anomaly.
# - `drives-and-emits-dropped`: a dropped drive and a dropped emit are named by the APIs called
#   (`asDriver(onErrorJustReturn:) → map → drive`, `asSignal → filter → emit`) at their lines,
#   although release inlines and specialises RxCocoa's code.
# Exit 0 when all three hold; 1 with the failing line on stderr; 2 when the build fails.
set -euo pipefail
SWIFT=${SWIFT:-swift}
cd "$(dirname "$0")/../.."

"$SWIFT" build -c release --traits TraceResources --product rxtrace-fixtures >/dev/null \
    || { echo "cocoa-release-check: the release build of rxtrace-fixtures failed" >&2; exit 2; }
bin="$("$SWIFT" build -c release --traits TraceResources --show-bin-path)"
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT

status=0
"$bin/rxtrace-fixtures" run drives-off-main-thread emits-off-main-thread drives-and-emits-dropped --output "$reports" --no-color \
    >"$reports/stdout.txt" 2>&1 || status=$?
line_of() { grep -n "$1" Tools/rxtrace-fixtures/main.swift | cut -d: -f1; }

python3 - "$reports/rxtrace.json" "$reports/stdout.txt" "$status" \
    "$(line_of 'fixture: the off-main drive')" "$(line_of 'fixture: the dropped drive')" "$(line_of 'fixture: the dropped emit')" \
    <<'PY'
import json, sys
report_path, stdout_path, status = sys.argv[1], sys.argv[2], int(sys.argv[3])
off_main_line, drive_line, emit_line = (int(n) for n in sys.argv[4:7])
fixture = "Tools/rxtrace-fixtures/main.swift"
stdout = open(stdout_path).read()
def fail(message):
    sys.exit(f"cocoa-release-check: {message}\n{stdout}")
scenarios = {s["name"]: s for s in json.load(open(report_path))["scenarios"]}

# drives-off-main-thread expects clean, so its anomaly fails the run: `run` exits 1, not 3 (no crash).
off_main = scenarios["drives-off-main-thread"]
if status != 1 or off_main["status"]["state"] != "threadAnomaly":
    fail(f"expected a thread anomaly (exit 1), got exit {status} and status {off_main['status']}")
anomalies = [f for f in off_main.get("findings", []) if f.get("kind") == "threadAnomaly"]
if len(anomalies) != 1 or anomalies[0]["anomaly"]["kind"] != "offMainThread":
    fail(f"expected one offMainThread anomaly, got {[(f.get('kind'), (f.get('anomaly') or {}).get('kind')) for f in off_main.get('findings', [])]}")
# Detected by the check `drive` makes (its backtrace runs through drive(onNext:…)), at the user's line.
functions = [frame.get("function", "") for frame in anomalies[0].get("backtrace", [])]
check = next((i for i, f in enumerate(functions) if "MainScheduler.ensureRunningOnMainThread(errorMessage:)" in f), None)
if check is None or check + 1 >= len(functions) or ".drive(onNext:onCompleted:onDisposed:)" not in functions[check + 1]:
    fail(f"the anomaly was not detected by drive's main-thread check: {functions}")
site = anomalies[0].get("callSite") or {}
if site.get("file") != fixture or site.get("line") != off_main_line:
    fail(f"the anomaly is at {site.get('file')}:{site.get('line')}, not at the drive line {fixture}:{off_main_line}")
if anomalies[0]["anomaly"]["detail"] != "drive(onNext:onCompleted:onDisposed:) called off the main thread":
    fail(f"the anomaly's detail does not name drive: {anomalies[0]['anomaly']['detail']}")
print(f"cocoa-release-check: drive off the main thread is an offMainThread anomaly at {fixture}:{off_main_line} "
      f"({anomalies[0]['anomaly']['detail']})")

# emits-off-main-thread: legal in RxCocoa, so clean: no anomaly, no finding.
off_main_emit = scenarios["emits-off-main-thread"]
if not off_main_emit.get("passed") or off_main_emit["status"]["state"] != "clean" or off_main_emit.get("findings"):
    fail(f"emits-off-main-thread: expected clean, got status {off_main_emit['status']}, "
         f"passed {off_main_emit.get('passed')}, findings {[f.get('kind') for f in off_main_emit.get('findings', [])]}")
print("cocoa-release-check: emit off the main thread runs and is clean, as RxCocoa allows it")

dropped = scenarios["drives-and-emits-dropped"]
if not dropped.get("passed"):
    fail(f"drives-and-emits-dropped did not pass: {dropped.get('failureReasons')}")
named = {(f.get("callSite") or {}).get("line"): " → ".join(f.get("operatorChain", []))
         for f in dropped.get("findings", []) if f.get("kind") == "leakedSubscription"}
for line, expected in [(drive_line, "asDriver(onErrorJustReturn:) → map → drive"), (emit_line, "asSignal → filter → emit")]:
    if named.get(line) != expected:
        fail(f"the leak at {fixture}:{line} reads '{named.get(line)}', expected '{expected}' (all: {named})")
    print(f"cocoa-release-check: the dropped subscription at {fixture}:{line} reads {expected}")
PY
