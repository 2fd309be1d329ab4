#!/usr/bin/env bash
# make sanitize: the project's tests, the stress programs and Examples/SampleApp's tests under
# ThreadSanitizer, then AddressSanitizer (scratch folders .build-tsan and .build-asan).
#
# Every process writes its sanitizer reports to .build-sanitize-reports/ (log_path), not only the
# test process: rxtrace runs scenarios and test suites in child processes, and a report there
# would otherwise only show as a crashed child, which a test may expect. So the run fails on any
# report file, whichever process wrote it, and prints it.
#
# Environment: SWIFT (swift), STRESS_SECONDS (30), STRESS_SEED (random), SANITIZE_SKIP (the tests
# left out, regular expressions for swift test --skip; the Makefile says why each).
set -uo pipefail

swift=${SWIFT:-swift}
root=$(pwd)
reports="$root/.build-sanitize-reports"
stress=(--seconds "${STRESS_SECONDS:-30}")
if [ -n "${STRESS_SEED:-}" ]; then stress+=(--seed "$STRESS_SEED"); fi
skip=${SANITIZE_SKIP:?the tests to skip}

rm -rf "$reports"
mkdir -p "$reports"
tsan="halt_on_error=1 suppressions=$root/Tools/checks/tsan-known-races.txt log_path=$reports/tsan"
asan="halt_on_error=1:detect_leaks=0:log_path=$reports/asan"
# Swift's crash handler forks its backtracer from the signal handler, which ThreadSanitizer's
# runtime aborts on (CHECK failed: tsan_rtl.cpp:261), so a child that crashes on purpose would
# leave a runtime failure, not a report; rxtrace keeps a SWIFT_BACKTRACE the user set.
export SWIFT_BACKTRACE=enable=no

print_reports() {
    local file
    for file in "$reports"/*; do
        [ -e "$file" ] || continue
        echo "sanitize: report in $file:"
        cat "$file"
    done
}

step() {
    local name=$1
    shift
    local start=$SECONDS
    if ! "$@"; then
        print_reports
        echo "sanitize: FAILED in $name after $((SECONDS - start)) s"
        exit 1
    fi
    echo "sanitize: $name: $((SECONDS - start)) s"
}

# The four steps under one sanitizer: its name, swift's --sanitize value, its scratch folder
# (the sample app's is inside the app's folder) and its options (TSAN_OPTIONS=...).
under() {
    local name=$1 sanitizer=$2 scratch=$3 options=$4
    step "$name, swift test" env "$options" \
        "$swift" test --traits TraceResources --sanitize="$sanitizer" --scratch-path "$scratch" --skip "$skip"
    step "$name, stress build" \
        "$swift" build --traits TraceResources --sanitize="$sanitizer" --scratch-path "$scratch" --product rxtrace-stress
    # Without the self-test: its deliberately broken stages race on purpose.
    step "$name, stress programs" env "$options" "$scratch/debug/rxtrace-stress" "${stress[@]}"
    step "$name, sample app's tests" env -C Examples/SampleApp "$options" \
        "$swift" test --sanitize="$sanitizer" --scratch-path "$scratch"
}

under ThreadSanitizer thread .build-tsan "TSAN_OPTIONS=$tsan"
under AddressSanitizer address .build-asan "ASAN_OPTIONS=$asan"

if compgen -G "$reports/*" > /dev/null; then
    print_reports
    echo "sanitize: FAILED: a child process wrote a sanitizer report"
    exit 1
fi
echo "sanitize: no ThreadSanitizer or AddressSanitizer report in any process"
