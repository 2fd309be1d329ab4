#!/usr/bin/env bash
# The sample app (Examples/SampleApp): unchanged RxSwift/RxCocoa view models and RxTest tests,
# pointed at rxtrace by its manifest alone. Builds it, runs its tests, runs its scenarios under
# `rxtrace check` (exit 0: every verdict as declared, the dropped-drive scenario leaking), and
# checks that the leak is reported at the `drive` line itself.
set -euo pipefail
SWIFT=${SWIFT:-swift}
cd "$(dirname "$0")/../../Examples/SampleApp"
unset RX_IMPLEMENTATION   # the manifest's switch: unset picks rxtrace

$SWIFT build --build-tests
$SWIFT test --skip-build
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
$SWIFT run sample-leaks check --no-color --output "$reports"

source_file=Sources/SampleViewModels/ProfileScreen.swift
drive_line=$(grep -n "the dropped drive (expected leak)" "$source_file" | cut -d: -f1)
python3 - "$reports/rxtrace.json" "$source_file" "$drive_line" <<'PY'
import json, sys
report_path, source_file, drive_line = sys.argv[1], sys.argv[2], int(sys.argv[3])
report = json.load(open(report_path))
scenario = next(s for s in report["scenarios"] if s["name"] == "profile-screen-dropped-drive")
findings = scenario.get("findings", [])
# The report gives the file relative to the package or to the repository, whichever holds it.
at_drive = [f for f in findings
            if (f.get("callSite") or {}).get("file", "").endswith(source_file) and (f.get("callSite") or {}).get("line") == drive_line]
if not at_drive:
    sys.exit(f"sample-app-check: the dropped drive was not reported at {source_file}:{drive_line}; call sites: {[f.get('callSite') for f in findings]}")
# Named by the APIs the screen called, not by SharedSequence's sharing or RxCore's observer.
chain = " → ".join(at_drive[0].get("operatorChain", []))
if chain != "asDriver → map → drive":
    sys.exit(f"sample-app-check: the dropped drive's chain reads '{chain}', expected 'asDriver → map → drive'")
print(f"sample-app-check: the dropped drive is reported at {source_file}:{drive_line} as {chain}")

# The Driver's move to the main thread: asDriver's stage delivers on MainScheduler, `drive` on main.
hops = next(s for s in report["scenarios"] if s["name"] == "answer-driven-on-main").get("threadHops", [])
chain0 = sorted((h for h in hops if h.get("chain") == 0), key=lambda h: h.get("position", 0))
stages = [h["stage"] for h in chain0]
conversion = [h for h in chain0 if h["stage"].startswith("asDriver") and h.get("isHop")]
if not chain0 or stages[-1] != "drive" or not conversion or conversion[0].get("scheduler") != "MainScheduler":
    sys.exit(f"sample-app-check: answer-driven-on-main's hops do not show asDriver delivering on MainScheduler into drive: "
             f"{[(h['stage'], h.get('scheduler'), h.get('isHop')) for h in chain0]}")
# One call, one stage: the conversion's observe(on:) and catch read as one asDriver(onErrorJustReturn:).
if stages != ["just", "asDriver(onErrorJustReturn:)", "drive"]:
    sys.exit(f"sample-app-check: answer-driven-on-main's hop stages read {stages}, expected ['just', 'asDriver(onErrorJustReturn:)', 'drive']")
# The leak's hop line names the calls its chain names.
leak_hops = [h for h in scenario.get("threadHops", []) if (h.get("callSite") or {}).get("line") == drive_line and (h.get("callSite") or {}).get("file", "").endswith(source_file)]
leak_chain = sorted((h for h in scenario.get("threadHops", []) if leak_hops and h.get("chain") == leak_hops[0].get("chain")), key=lambda h: h.get("position", 0))
if [h["stage"] for h in leak_chain] != at_drive[0].get("operatorChain"):
    sys.exit(f"sample-app-check: the dropped drive's hops read {[h['stage'] for h in leak_chain]}, its leak {at_drive[0].get('operatorChain')}")
print("sample-app-check: hops " + " → ".join(f"{h['stage']} [{h.get('scheduler')}]" if h.get("isHop") or h is chain0[0] else h["stage"] for h in chain0))
PY
