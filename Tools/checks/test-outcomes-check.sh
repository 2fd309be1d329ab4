#!/usr/bin/env bash
# `rxtrace test` in place of `swift test`, on Tests/Fixtures/OutcomesSuite (XCTest and Swift Testing
# tests that pass, fail, throw, skip, are disabled, have a known issue, fail one parameterized case,
# leak, and both fail and leak; a @MainActor test and a serialized suite):
#  - `swift test` runs it first, in a scratch folder of its own: its per-test outcomes, parsed from
#    what it prints, must be the ones the fixture is designed to give;
#  - `rxtrace test` must then report the same outcome for every test, each failing issue at the
#    same file:line, skips with the same reason, known issues as known; exactly the leaking tests
#    leak; the same counts in the JSON summary, the text, Markdown and HTML summaries and the status
#    line; the Markdown names each failed test; JUnit has <failure type="assertion"> with swift
#    test's message, <failure type="leak"> and <skipped> with the reason where they belong; exit 1
#    with `rxtrace: status=failed exit=1 …` last on standard output and in rxtrace-status.txt and
#    .json; the same through `swift package rxtrace test` (SwiftPM exits 1 and ends its standard
#    error with its plugin error line; both streams in one, under `stdbuf -oL`: every line whole,
#    the status line just before SwiftPM's error line);
#  - the package is a git repository of its own with a committed Package.resolved, an ignored
#    .swiftpm file and a .gitignore, as a user's is: after each run, and after a run stopped by
#    SIGINT during its build, `git status --porcelain --ignored` and every file's hash are as
#    before, but for the output folder (Reports) and the scratch build (.build).
set -euo pipefail
SWIFT=${SWIFT:-swift}
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
$SWIFT build --product rxtrace >/dev/null
rxtrace="$root/.build/debug/rxtrace"
check="$root/Tools/checks/test_outcomes_check.py"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export FIXTURE="$root/Tests/Fixtures/OutcomesSuite"

# The user's package: the fixture's files, depending on this checkout by absolute path.
package="$work/OutcomesSuite"
mkdir "$package"
cp -R "$FIXTURE/Package.swift" "$FIXTURE/Sources" "$FIXTURE/Tests" "$package/"
sed -i "s|path: \"../../..\"|path: \"$root\"|" "$package/Package.swift"
printf '.build/\n/.swiftpm/xcode/\n' >"$package/.gitignore"
mkdir -p "$package/.swiftpm/xcode/package.xcworkspace"
printf '<Workspace version = "1.0"/>\n' >"$package/.swiftpm/xcode/package.xcworkspace/contents.xcworkspacedata"
(cd "$package" && $SWIFT package resolve --scratch-path "$work/swift-test-build" >/dev/null)
git -C "$package" init -q
# Only the package's own .gitignore decides (this machine's global one ignores Package.resolved).
git -C "$package" config core.excludesFile /dev/null
git -C "$package" add -A
git -C "$package" -c user.name=check -c user.email=check@localhost commit -qm "the user's package"
git -C "$package" ls-files --error-unmatch Package.resolved >/dev/null

# What the package holds, but for the output folder and the scratch build.
snapshot() {  # file
    (
        cd "$package"
        git status --porcelain --ignored --untracked-files=all | grep -Ev '^(\?\?|!!) (\.build|Reports)/' || true
        find . \( -path ./.build -o -path ./Reports -o -path ./.git \) -prune -o -type f -print0 | sort -z | xargs -0 sha256sum
    ) >"$1"
}
unchanged() {  # what-ran
    snapshot "$work/after"
    if ! diff -u "$work/before" "$work/after" >&2; then
        echo "test-outcomes-check: $1 changed the package (above: before → after)" >&2
        exit 1
    fi
}

run() {  # expected-code name command...: stdout to name.out, stderr to name.err
    local expected=$1 name=$2; shift 2
    set +e; "$@" >"$work/$name.out" 2>"$work/$name.err"; local code=$?; set -e
    if [ "$code" != "$expected" ]; then
        echo "test-outcomes-check: '$*' exited $code, expected $expected" >&2
        tail -n 30 "$work/$name.err" "$work/$name.out" >&2
        exit 1
    fi
}

# swift test: XCTest, then Swift Testing; --verbose for each parameterized case's own result.
cd "$package"
$SWIFT build --build-tests --scratch-path "$work/swift-test-build" >/dev/null
run 1 swift-test $SWIFT test --skip-build --verbose --scratch-path "$work/swift-test-build"
python3 "$check" swift-test "$work/swift-test.out" "$work/expected.json"
snapshot "$work/before"

# Ctrl-C during the traced build (SIGINT to rxtrace's process group, as a terminal sends it):
# exit 130 within 30 s, no process of the run left (the build included), nothing of the package
# touched.
alive() { local state; state=$(ps -o stat= -p "$1" 2>/dev/null) && [[ $state != Z* ]]; }
set -m
"$rxtrace" test --no-color >"$work/interrupted.out" 2>"$work/interrupted.err" &
pid=$!
set +m
for _ in $(seq 120); do [ -d .build ] && break; sleep 1; done
sleep 10
kill -INT -- -"$pid"
for _ in $(seq 150); do alive "$pid" || break; sleep 0.2; done
if alive "$pid"; then
    echo "test-outcomes-check: rxtrace test still runs 30 s after SIGINT during its build" >&2
    tail -n 20 "$work/interrupted.err" "$work/interrupted.out" >&2
    ps -o pid,pgid,stat,etime,args --ppid "$pid" >&2 || true
    # Never wait for it: end it and whatever it left, so the check fails instead of hanging.
    kill -KILL -- -"$pid" 2>/dev/null || true
    pkill -KILL -f -- "$package" || true
    exit 1
fi
set +e; wait "$pid"; code=$?; set -e
if [ "$code" != 130 ]; then
    echo "test-outcomes-check: rxtrace test exited $code after SIGINT during its build, expected 130" >&2
    tail -n 20 "$work/interrupted.err" "$work/interrupted.out" >&2
    exit 1
fi
sleep 1
if left=$(pgrep -f -- "$package"); then
    echo "test-outcomes-check: processes of the interrupted rxtrace test still run:" >&2
    ps -o pid,args -p "$(echo $left | tr ' ' ,)" >&2
    exit 1
fi
unchanged "rxtrace test interrupted during its build"

# rxtrace test, from the package's folder as a user runs it.
run 1 rxtrace "$rxtrace" test --no-color
unchanged "rxtrace test"
python3 "$check" compare "$work/expected.json" "$package/Reports" "$work/rxtrace.out"

# The command plugin: SwiftPM exits 1, rxtrace's status line last on standard output, SwiftPM's
# error line last on standard error. In one stream, as CI logs show it, SwiftPM's block-buffered
# standard output puts its error line inside the report (test_outcomes_check.py, merged); with
# `stdbuf -oL` every line is whole and the status line comes just before SwiftPM's error line.
rm -rf "$package/Reports"
run 1 plugin $SWIFT package rxtrace test --no-color
unchanged "swift package rxtrace test"
python3 "$check" plugin "$work/expected.json" "$package/Reports" "$work/plugin.out" "$work/plugin.err"
run 1 merged sh -c "stdbuf -oL $SWIFT package rxtrace test --no-color 2>&1"
unchanged "swift package rxtrace test"
python3 "$check" merged "$work/merged.out"
echo "test-outcomes-check: ok"
