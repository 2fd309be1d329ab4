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
sites = [f.get("callSite") or {} for f in scenario.get("findings", [])]
# The report gives the file relative to the package or to the repository, whichever holds it.
if not any(site.get("file", "").endswith(source_file) and site.get("line") == drive_line for site in sites):
    sys.exit(f"sample-app-check: the dropped drive was not reported at {source_file}:{drive_line}; call sites: {sites}")
print(f"sample-app-check: the dropped drive is reported at {source_file}:{drive_line}")
PY
