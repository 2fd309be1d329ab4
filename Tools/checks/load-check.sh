#!/usr/bin/env bash
# rxtrace test under load: a generated 10,000-test suite through `rxtrace test --jobs 2`, a test
# process SIGKILLed from outside mid-run, peak memory of rxtrace and of each test process
# (Tools/checks/load_check.py says what is checked). The suite is generated in a scratch folder
# at check time (LOAD_SCRATCH to keep it), never committed. About 10 minutes on this machine.
set -euo pipefail
SWIFT=${SWIFT:-swift}
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
$SWIFT build --product rxtrace >/dev/null
scratch=${LOAD_SCRATCH:-$(mktemp -d)}
[ -n "${LOAD_SCRATCH:-}" ] || trap 'rm -rf "$scratch"' EXIT
python3 Tools/checks/load_check.py "$root" "$root/.build/debug/rxtrace" "$scratch" ${LOAD_CLASSES:-100} ${LOAD_METHODS:-100}
