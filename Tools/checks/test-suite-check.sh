#!/usr/bin/env bash
# rxtrace test on unchanged test suites, as a user runs it from their package:
#  - Tests/Fixtures/LeakyTestSuite (XCTest and Swift Testing, leaking and clean tests, a leak held
#    only by a test case's property, one-time shared state, a crashing test): exactly the leaking
#    tests fail, each at the line that made the subscription, in all six formats; --strict also
#    fails the test-case-held one; the crash is reported and the other tests still are (exit 3);
#    bad input exits 2 with one line; the command plugin gives the same answer; every JSON report
#    is valid against docs/report.schema.json and every SARIF file against SARIF 2.1.0;
#  - Examples/SampleApp: its leaky profile screen test is reported at the `drive` line, its clean
#    tests are clean.
set -euo pipefail
SWIFT=${SWIFT:-swift}
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
$SWIFT build --product rxtrace >/dev/null
rxtrace="$root/.build/debug/rxtrace"
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
fixture="$root/Tests/Fixtures/LeakyTestSuite"

expect_exit() {  # expected-code command...
    local expected=$1; shift
    set +e; "$@" >"$reports/out.txt" 2>"$reports/err.txt"; local code=$?; set -e
    if [ "$code" != "$expected" ]; then
        echo "test-suite-check: '$*' exited $code, expected $expected" >&2
        tail -n 20 "$reports/err.txt" "$reports/out.txt" >&2
        exit 1
    fi
}

# The report set in a folder against its schemas: `test` writes the model `check` writes, with
# fields of its own (the subject, the harness's rule, stopped tests), which the schema must allow.
validate() {  # report-folder
    local format
    for format in json sarif; do
        python3 "$root/Tools/checks/validate_report.py" "$format" "$1/rxtrace.$format" >"$reports/validation.txt" || {
            echo "test-suite-check: $1/rxtrace.$format does not validate" >&2
            cat "$reports/validation.txt" >&2
            exit 1
        }
    done
}

# Every test but the crashing and hanging ones: exit 1, the leaking ones reported; three tests per
# test process, so the tests of one run are spread over several processes with nothing lost. A
# 1 s drain: one test leaves work queued on purpose, and every other test settles in milliseconds.
expect_exit 1 env RXTRACE_TESTS_PER_PROCESS=3 "$rxtrace" test --package-path "$fixture" --filter 'FeedScreen' --drain-timeout 1 --output "$reports/leaks" --no-color
validate "$reports/leaks"
python3 Tools/checks/test_suite_check.py leaks "$reports/leaks" "$fixture"

# A baseline made from one run (which passes: its leaks become known) lets the next pass too;
# the reports still list the leaks, as in the baseline.
expect_exit 0 "$rxtrace" test --package-path "$fixture" --filter 'FeedScreen' --drain-timeout 1 --baseline "$reports/baseline.json" --update-baseline --output "$reports/baseline-1" --no-color
validate "$reports/baseline-1"
expect_exit 0 "$rxtrace" test --package-path "$fixture" --filter 'FeedScreen' --drain-timeout 1 --baseline "$reports/baseline.json" --output "$reports/baseline-2" --no-color
validate "$reports/baseline-2"
grep -q "in baseline" "$reports/baseline-2/rxtrace.txt" || { echo "test-suite-check: the baselined leaks are not listed as in the baseline" >&2; exit 1; }

# --strict: the subscription kept in the test case's disposeBag fails too.
expect_exit 1 "$rxtrace" test --package-path "$fixture" --filter 'KeptInTheTestCaseBag' --strict --output "$reports/strict" --no-color
validate "$reports/strict"
python3 Tools/checks/test_suite_check.py strict "$reports/strict" "$fixture"

# The whole suite from the package's own folder, as `cd MyPackage && rxtrace test` runs it:
# the crash and the hang are reported with their stacks, and every other test still is (exit 3).
cd "$fixture"
expect_exit 3 "$rxtrace" test --output "$reports/all" --no-color --jobs 2 --timeout 15 --drain-timeout 1
validate "$reports/all"
cd "$root"
python3 Tools/checks/test_suite_check.py all "$reports/all" "$fixture"

# Bad input: one line, exit 2, nothing run.
expect_exit 2 "$rxtrace" test --package-path "$fixture" --filter 'NoSuchTest' --output "$reports/bad" --no-color
grep -q "^rxtrace: error: no test matches --filter 'NoSuchTest'" "$reports/err.txt" || { echo "test-suite-check: no one-line error for a filter matching nothing" >&2; cat "$reports/err.txt" >&2; exit 1; }
expect_exit 2 "$rxtrace" test --package-path "$reports/no-such-package" --output "$reports/bad"
grep -q "^rxtrace: error: no Package.swift in" "$reports/err.txt" || { echo "test-suite-check: no one-line error for a missing package" >&2; exit 1; }

# The command plugin, from the package: same answer for the same tests.
cd "$fixture"
expect_exit 1 $SWIFT package rxtrace test --filter 'testLeakingScreenShowsUpdates|cleanScreen' --output "$reports/plugin" --no-color
validate "$reports/plugin"
cd "$root"
python3 Tools/checks/test_suite_check.py plugin "$reports/plugin" "$fixture"

# The sample app: its leaky screen's test at the drive line, the rest clean.
expect_exit 1 "$rxtrace" test --package-path "$root/Examples/SampleApp" --output "$reports/sample" --no-color
validate "$reports/sample"
python3 Tools/checks/test_suite_check.py sample "$reports/sample" "$root/Examples/SampleApp"
echo "test-suite-check: ok"
