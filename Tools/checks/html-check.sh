#!/usr/bin/env bash
# Renders the sample report of the test fixtures, loads it in headless Chromium and checks the
# DOM the browser built (make html-check; part of make test).
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
out=.build/html-check
rm -rf "$out"
mkdir -p "$out"
$SWIFT build --build-tests --traits TraceResources >/dev/null
RXTRACE_SAMPLE_DIR="$PWD/$out" $SWIFT test --skip-build --traits TraceResources \
    --filter 'HTMLReportRendererTests/testWritesBrowserCheckSample' >"$out/test.log" 2>&1 \
    || { cat "$out/test.log"; exit 1; }
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "html-check: chromium is missing; run 'make setup'" >&2; exit 2; }
# --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --user-data-dir="$PWD/$out/profile")
timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$PWD/$out/rxtrace.html" >"$out/dom.html" 2>"$out/chromium.log" \
    || { cat "$out/chromium.log"; echo "html-check: chromium failed" >&2; exit 1; }
timeout 120 "$browser" "${flags[@]}" --window-size=1200,1600 --screenshot="$PWD/$out/report.png" \
    "file://$PWD/$out/rxtrace.html" >>"$out/chromium.log" 2>&1 || true
python3 Tools/checks/html_check.py "$out/rxtrace.json" "$out/dom.html"
