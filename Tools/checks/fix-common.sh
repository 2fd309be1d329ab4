# Sourced by the fix-*-check scripts: builds rxtrace and the fixer, and names them.
#   $rxtrace  the rxtrace executable     $fixer  rxtrace-fix, as `make fix-test` built it
#   expect_exit CODE LOG COMMAND…  runs COMMAND into LOG and fails (with LOG's tail) on another exit code
# The sourcing script defines fail().
set -euo pipefail
SWIFT=${SWIFT:-swift}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
$SWIFT build --product rxtrace >/dev/null
$SWIFT build --package-path Tools/rxtrace-fix --product rxtrace-fix >/dev/null
rxtrace="$root/.build/debug/rxtrace"
fixer="$root/Tools/rxtrace-fix/.build/debug/rxtrace-fix"

expect_exit() {  # expected-code log command...
    local expected=$1 log=$2; shift 2
    set +e; "$@" >"$log" 2>&1; local code=$?; set -e
    [ "$code" = "$expected" ] || { tail -30 "$log" >&2; fail "'$*' exited $code, expected $expected"; }
}
